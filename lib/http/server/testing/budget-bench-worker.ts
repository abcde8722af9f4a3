// One app process of the bench upstream_budget_overshoot (../upstream-budget.bench.ts), spawned by
// path: it does what the app does at start-up for its upstream calls and jobs (the shared request
// budget from env, as instrumentation.ts; pg-boss with the overview's jobs, as
// lib/composition/jobs.ts), says "ready", and runs the overview-refresh jobs it takes until stopped.
import { enableSharedUpstreamBudget } from "../upstream-budget";
import { getBoss, stopBoss } from "@/lib/jobs/boss";
import { startOverviewJobs } from "@/features/overview/server/jobs";

enableSharedUpstreamBudget();
await getBoss();
await startOverviewJobs();
console.log("ready");
process.once("SIGTERM", () => {
  void stopBoss().finally(() => process.exit(0));
  // A refresh in the middle of a company's calls does not hold the process.
  setTimeout(() => process.exit(0), 2_000).unref();
});
