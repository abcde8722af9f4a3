import { runMonthChecks } from "./index";
import { bigMonth } from "./testing/big-month";

// close_checks_9000_node_ms: every month-close check on 1,000 employees × 9 hours lines (with the
// last transferred month of the same size), in node: the median of 30 runs after 10 warm-up runs
// (goal ≤ 50 ms; the close_checks_9000_ms is the same run in the grid page's browser).
// Each run gets a fresh copy of the previous month, so its sums are not taken from the cache.
// The first, cold run goes to stderr.

const input = bigMonth();
const fresh = () => ({ ...input, previous: input.previous ? { ...input.previous } : null });

function run(): number {
  const copy = fresh();
  const started = performance.now();
  runMonthChecks(copy);
  return performance.now() - started;
}

console.error(`close_checks_9000_node_first_ms: ${run().toFixed(1)} ms`);
for (let i = 0; i < 10; i += 1) run();
const times = Array.from({ length: 30 }, run).sort((a, b) => a - b);
console.log(`close_checks_9000_node_ms: ${(times[15] ?? 0).toFixed(1)} ms`);
