import { gridSpecFor } from "../entries/grid-spec";
import { GridModel } from "./model";

// The grid's model alone, in node (no browser, no paint): a 3,000 × 3 block (9,000 cells) pasted
// into 1,000 employees × 9 lines, and that paste undone; the median of 15 runs after 3 warm-ups.
//   grid_model_paste_9000_node_ms       the paste (parsed, validated, totalled)
//   grid_model_undo_paste_9000_node_ms  its undo
// grid.bench.ts measures the same paste in the page, to the paint after it.

const MONTH = "2026-11";
const employees = Array.from({ length: 1000 }, (_, index) => index + 1);
const lines = employees.flatMap((employeeId) =>
  Array.from({ length: 9 }, () => ({ employeeId, cells: ["HOURLY_WAGE"] })),
);
const block = Array.from({ length: 3000 }, (_, row) => [`${row % 10},5`, "12,25", String(row % 3)]);

function run(): { paste: number; undo: number } {
  const grid = new GridModel(gridSpecFor("hours", MONTH), { locale: "de", month: MONTH }, employees, lines);
  const started = performance.now();
  grid.paste(grid.lines, 0, 1, block);
  const pasted = performance.now();
  grid.undo();
  const undone = performance.now();
  if (grid.grandTotal !== 0n) throw new Error(`undoing the paste left a total of ${grid.grandTotal}`);
  return { paste: pasted - started, undo: undone - pasted };
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
for (let i = 0; i < 3; i += 1) run();
const runs = Array.from({ length: 15 }, run);
console.log(`grid_model_paste_9000_node_ms: ${median(runs.map((one) => one.paste)).toFixed(1)} ms`);
console.log(`grid_model_undo_paste_9000_node_ms: ${median(runs.map((one) => one.undo)).toFixed(1)} ms`);
