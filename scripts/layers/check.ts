// `npm run layers`: dependency-cruiser's JSON on stdin (one cruise) → its rule violations (the
// layers, no-circular, every module in a layer; .dependency-cruiser.cjs) and the folder cycles
// among production modules (folder-cycles.ts). Exits 1 if either finds something.
import { readFileSync } from "node:fs";
import { format, type ICruiseResult } from "dependency-cruiser";
import { cycleKey, folderCycles, folderGraph, type FolderEdge } from "./folder-cycles";

/**
 * Folder edges accepted although they close a cycle, each with its reason and the work that
 * removes it. Add one only with that work named; the entry fails as stale once the edge is gone.
 */
const ALLOWED: readonly (Pick<FolderEdge, "from" | "to"> & { why: string })[] = [];

const input = readFileSync(0, "utf8");
if (!input.trim()) {
  console.error("layers: dependency-cruiser printed no result (see its error above)");
  process.exit(1);
}
const result = JSON.parse(input) as ICruiseResult;
const violations = await format(result, { outputType: "err" });
process.stdout.write(String(violations.output));

const graph = folderGraph(result.modules);
const stale = ALLOWED.filter((allowed) => !graph.get(allowed.from)?.has(allowed.to));
for (const allowed of ALLOWED) graph.get(allowed.from)?.delete(allowed.to);
const tangles = folderCycles(graph);
for (const { folders, cycles } of tangles) {
  console.log(`\n  folder cycle among ${folders.join(", ")}:`);
  for (const cycle of cycles) {
    console.log(`    ${cycleKey(cycle)}`);
    for (const edge of cycle) console.log(`      ${edge.via.from} → ${edge.via.to}`);
  }
}
for (const allowed of stale)
  console.log(`\n  stale allowance: ${allowed.from} → ${allowed.to} is gone; remove it from scripts/layers/check.ts`);
const cycleCount = tangles.reduce((sum, { cycles }) => sum + cycles.length, 0);
console.log(
  cycleCount || stale.length
    ? `\n✘ ${cycleCount} folder edges on a cycle in ${tangles.length} tangles of production folders${stale.length ? `, ${stale.length} stale allowances` : ""}\n`
    : `✔ no folder cycles among ${graph.size} production folders\n`,
);
process.exit(violations.exitCode || cycleCount || stale.length ? 1 : 0);
