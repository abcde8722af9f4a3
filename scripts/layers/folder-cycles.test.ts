import type { IModule } from "dependency-cruiser";
import { describe, expect, it } from "vitest";
import { cycleKey, folderCycles, folderGraph } from "./folder-cycles";

/** A fake cruise: each module with the files it imports (resolved, as dependency-cruiser gives them). */
const cruise = (imports: Record<string, string[]>) =>
  Object.entries(imports).map(
    ([source, resolved]) =>
      ({
        source,
        dependencies: resolved.map((to) => ({ resolved: to, coreModule: false, couldNotResolve: false })),
      }) as unknown as IModule,
  );
const cycles = (imports: Record<string, string[]>) =>
  folderCycles(folderGraph(cruise(imports))).flatMap((tangle) => tangle.cycles.map(cycleKey));

describe("folder cycles", () => {
  it("finds none in a graph that only points down", () => {
    expect(
      cycles({ "lib/a/one.ts": ["lib/b/two.ts"], "lib/b/two.ts": ["lib/c/three.ts"], "lib/c/three.ts": [] }),
    ).toEqual([]);
  });

  it("finds each folder edge on a cycle, with the shortest way back", () => {
    const graph = {
      "lib/a/one.ts": ["lib/b/two.ts"],
      "lib/b/two.ts": ["lib/c/three.ts"],
      "lib/c/three.ts": ["lib/a/four.ts"],
      "lib/a/four.ts": [],
    };
    expect(cycles(graph)).toEqual([
      "lib/a → lib/b → lib/c → lib/a",
      "lib/b → lib/c → lib/a → lib/b",
      "lib/c → lib/a → lib/b → lib/c",
    ]);
    const [tangle] = folderCycles(folderGraph(cruise(graph)));
    expect(tangle?.folders).toEqual(["lib/a", "lib/b", "lib/c"]);
    expect(tangle?.cycles[0]?.map((edge) => edge.via)).toEqual([
      { from: "lib/a/one.ts", to: "lib/b/two.ts" },
      { from: "lib/b/two.ts", to: "lib/c/three.ts" },
      { from: "lib/c/three.ts", to: "lib/a/four.ts" },
    ]);
  });

  it("takes a module's own folder, not its ancestors: a parent and its child folder importing each other's files is a cycle, a child importing its parent is not", () => {
    expect(
      cycles({
        "features/pay/contract.ts": ["features/pay/server/handlers.ts"],
        "features/pay/server/handlers.ts": [],
      }),
    ).toEqual([]);
    expect(
      cycles({
        "features/pay/contract.ts": ["features/pay/server/audit.ts"],
        "features/pay/server/audit.ts": ["features/pay/states.ts"],
      }),
    ).toEqual([
      "features/pay → features/pay/server → features/pay",
      "features/pay/server → features/pay → features/pay/server",
    ]);
  });

  it("counts a feature's manifest as a folder of its own (its composition root), not as its root folder", () => {
    const feature = {
      "features/pay/feature.ts": ["features/pay/server/jobs.ts"],
      "features/pay/server/jobs.ts": ["features/pay/errors.ts"],
    };
    expect(cycles({ ...feature, "features/pay/errors.ts": [] })).toEqual([]);
    expect(
      cycles({ ...feature, "features/pay/contract.ts": ["features/pay/server/jobs.ts"], "features/pay/errors.ts": [] }),
    ).toHaveLength(2);
  });

  it("leaves out tests, benches, fixtures and testing/ helpers, and what is not the app's own code", () => {
    const back = (from: string) => ({ "lib/a/one.ts": ["lib/b/two.ts"], "lib/b/two.ts": [], [from]: ["lib/a/one.ts"] });
    for (const helper of [
      "lib/b/two.test.ts",
      "lib/b/two.bench.ts",
      "lib/b/testing/seed.ts",
      "lib/b/worker.fixture.ts",
      "scripts/b/two.ts",
    ]) {
      expect(cycles({ ...back(helper), "lib/b/two.ts": [helper] })).toEqual([]);
    }
    expect(cycles({ ...back("lib/b/three.ts"), "lib/b/two.ts": [] })).toHaveLength(2);
  });

  it("ignores Node's own modules and what could not be resolved", () => {
    const modules = cruise({ "lib/a/one.ts": ["lib/b/two.ts"], "lib/b/two.ts": ["lib/a/x.ts"] });
    const dependency = modules[1]!.dependencies[0]!;
    expect(folderCycles(folderGraph(modules))).toHaveLength(1);
    Object.assign(dependency, { coreModule: true });
    expect(folderCycles(folderGraph(modules))).toEqual([]);
    Object.assign(dependency, { coreModule: false, couldNotResolve: true });
    expect(folderCycles(folderGraph(modules))).toEqual([]);
  });
});
