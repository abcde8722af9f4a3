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

// The first, cold run, and what the checks find in the big month (findings.test.ts checks each rule on small months).
const coldStarted = performance.now();
const found = runMonthChecks(fresh());
console.error(`close_checks_9000_node_first_ms: ${(performance.now() - coldStarted).toFixed(1)} ms`);
const count = (rule: string) => found.filter((finding) => finding.rule === rule).length;
const counts = `${found.length} findings, ${count("sundayPremium")} sundayPremium, ${count("hoursChanged")} hoursChanged, ${count("payChanged")} payChanged`;
if (counts !== `${20 + 142 * 2} findings, 20 sundayPremium, 142 hoursChanged, 142 payChanged`)
  throw new Error(`the big month's findings changed: ${counts}`);
for (let i = 0; i < 10; i += 1) run();
const times = Array.from({ length: 30 }, run).sort((a, b) => a - b);
console.log(`close_checks_9000_node_ms: ${(times[15] ?? 0).toFixed(1)} ms`);
