import "server-only";
import { serverEnv } from "@/lib/env/server";
import { runTransferJob } from "@/lib/month-close/server/transfer-job";
import { startPayrollJobs } from "@/lib/payroll/imports/server/jobs";
import { startAccountingJobs } from "./accounting-jobs";
import { startMonthCloseJobs } from "./month-close-jobs";

/** Starts this process's job workers unless JOBS_ENABLED=false; a failure is logged, the app still serves. */
export async function startJobsIfEnabled(): Promise<void> {
  if (!serverEnv().JOBS_ENABLED) return;
  try {
    await startAccountingJobs();
  } catch (error) {
    console.error(`jobs: not started (${(error as Error).message})`);
  }
  try {
    await startMonthCloseJobs((data) => runTransferJob(data));
  } catch (error) {
    console.error(`jobs: month-close jobs not started (${(error as Error).message})`);
  }
  try {
    await startPayrollJobs();
  } catch (error) {
    console.error(`jobs: payroll jobs not started (${(error as Error).message})`);
  }
}
