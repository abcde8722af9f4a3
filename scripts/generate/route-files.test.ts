import { describe, expect, it } from "vitest";
import { GENERATED_MARK, routeFileOf, routeFileProblems, routeFiles, type FoundTable } from "./route-files";

const things: FoundTable = {
  file: "features/things/routes.ts",
  name: "thingsRoutes",
  routes: {
    list: { method: "GET", path: "/api/things" },
    remove: { method: "DELETE", path: "/api/things/:thingId" },
    rename: { method: "PATCH", path: "/api/things/:thingId", body: true },
    export: { method: "GET", path: "/api/things/export", response: "file", handWritten: true },
  },
};
const notes: FoundTable = {
  file: "features/things/notes/routes.ts",
  name: "notesRoutes",
  routes: { add: { method: "POST", path: "/api/things/:thingId", body: true } },
};

describe("the generated route files", () => {
  it("put each path in its folder", () => {
    expect(routeFileOf("/api/payroll/companies/:companyId/entries/:kind/draft")).toBe(
      "app/api/payroll/companies/[companyId]/entries/[kind]/draft/route.ts",
    );
    expect(() => routeFileOf("/payroll")).toThrow("/api/");
  });

  it("export the handlers of the table's feature, one per method, in a file that says it is generated and from where", () => {
    const { files, handWritten } = routeFiles([things, notes]);
    expect([...files.keys()]).toEqual(["app/api/things/[thingId]/route.ts", "app/api/things/route.ts"]);
    expect(files.get("app/api/things/route.ts")).toBe(
      `${GENERATED_MARK} (scripts/generate/routes.ts) from features/things/routes.ts: do not edit.
import { thingsHandlers } from "@/features/things/server/handlers";

export const GET = thingsHandlers.list;

export const dynamic = "force-dynamic";
`,
    );
    // Two tables at one path: both imported, the methods in a fixed order.
    expect(files.get("app/api/things/[thingId]/route.ts")).toBe(
      `${GENERATED_MARK} (scripts/generate/routes.ts) from features/things/notes/routes.ts and features/things/routes.ts: do not edit.
import { notesHandlers } from "@/features/things/notes/server/handlers";
import { thingsHandlers } from "@/features/things/server/handlers";

export const POST = notesHandlers.add;
export const PATCH = thingsHandlers.rename;
export const DELETE = thingsHandlers.remove;

export const dynamic = "force-dynamic";
`,
    );
    expect([...handWritten]).toEqual([["app/api/things/export/route.ts", "features/things/routes.ts export"]]);
  });

  it("refuse a method twice at one path and a table not named …Routes", () => {
    const twice: FoundTable = { ...notes, routes: { again: { method: "GET", path: "/api/things" } } };
    expect(() => routeFiles([things, twice])).toThrow("GET /api/things is in a table twice");
    expect(() => routeFiles([{ ...notes, name: "notes" }])).toThrow('ends in "Routes"');
  });

  it("are current when the disk has them, and the check names every stale, missing, extra or misplaced file", () => {
    const expected = routeFiles([things]);
    const current = new Map([
      ...expected.files,
      ["app/api/things/export/route.ts", "export const GET = handWrittenExport;\n"],
    ]);
    expect(routeFileProblems(expected, current)).toEqual([]);

    const stale = new Map(current);
    stale.set(
      "app/api/things/route.ts",
      expected.files.get("app/api/things/route.ts")!.replace("thingsHandlers.list", "thingsHandlers.all"),
    );
    stale.delete("app/api/things/[thingId]/route.ts");
    stale.set(
      "app/api/gone/route.ts",
      `${GENERATED_MARK} (scripts/generate/routes.ts) from features/gone/routes.ts: do not edit.\n`,
    );
    stale.delete("app/api/things/export/route.ts");
    expect(routeFileProblems(expected, stale)).toEqual([
      "app/api/things/[thingId]/route.ts is missing",
      "app/api/things/route.ts is out of date",
      "app/api/gone/route.ts was generated for a route no table has now",
      "app/api/things/export/route.ts must be written by hand (features/things/routes.ts export says handWritten)",
    ]);

    const byHand = new Map(current);
    byHand.set("app/api/things/route.ts", 'export { list as GET } from "@/features/things/server/handlers";\n');
    expect(routeFileProblems(expected, byHand)).toEqual([
      "app/api/things/route.ts is written by hand, but a route table calls for it: remove it",
    ]);
  });
});
