import "server-only";
import { renewIdleConnections, startAccountingJobs } from "@/features/accounting/connection/server/jobs";
import { serverEnv } from "@/lib/env/server";
import { QUEUES } from "@/lib/jobs/queues";
import { runDailyDigest } from "@/features/mail/server/digest";
import { startMailJobs, wakeOutbox } from "@/features/mail/server/jobs";
import { startReminderJobs } from "@/features/reminders/server/jobs";
import { startSignInJobs, sweepSignInLeftovers } from "@/features/sign-in/server/sweep";
import { runReminders } from "@/features/reminders/server/run";
import { runQueuedTransfers, startMonthCloseJobs } from "@/features/month-close/server/jobs";
import { runDueRereads } from "@/features/month-close/server/rereads";
import { runTransferJob } from "@/features/month-close/server/transfer-job";
import { startPayrollJobs } from "@/features/payroll/imports/server/jobs";
import { startOverviewJobs, sweepOverview } from "@/features/overview/server/jobs";
import { refreshAllNow } from "@/features/overview/server/refresh";
import { runDueDeliveries } from "@/features/webhooks/server/deliveries";
import { startWebhookJobs } from "@/features/webhooks/server/jobs";

/**
 * The job registry, in the composition root: each feature's jobs, wired into the process. The
 * features own their jobs (lib/<feature>/…/server/jobs.ts) on the job infrastructure below them
 * (lib/jobs: pg-boss and the queues' list), which knows no feature; only this file knows them all
 * (imported by instrumentation.ts and the test controls).
 */

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
  try {
    await startMailJobs();
  } catch (error) {
    console.error(`jobs: mail jobs not started (${(error as Error).message})`);
  }
  try {
    await startReminderJobs();
  } catch (error) {
    console.error(`jobs: reminder jobs not started (${(error as Error).message})`);
  }
  try {
    await startOverviewJobs();
  } catch (error) {
    console.error(`jobs: overview jobs not started (${(error as Error).message})`);
  }
  try {
    await startWebhookJobs();
  } catch (error) {
    console.error(`jobs: webhook jobs not started (${(error as Error).message})`);
  }
  try {
    await startSignInJobs();
  } catch (error) {
    console.error(`jobs: sign-in sweep not started (${(error as Error).message})`);
  }
}

/**
 * What each scheduled job does, by its queue's name, for tests that run a job at once
 * (`POST /api/test/jobs/<name>`, only with TEST_CONTROLS=true): a test moves the clock
 * (lib/clock) and runs the job instead of waiting for pg-boss to start it. The same functions
 * are the jobs' work when pg-boss runs them.
 */
const RUNNABLE: Record<string, () => Promise<unknown>> = {
  [QUEUES.keepAlive]: () => renewIdleConnections(),
  [QUEUES.monthCloseReread]: () => runDueRereads(),
  // The queued Transfers, now, in this process (a worker may have taken some already).
  [QUEUES.monthCloseTransfer]: () => runQueuedTransfers((data) => runTransferJob(data)),
  // The outbox's due mail, sent now (after a test moved the clock past a retry's backoff).
  [QUEUES.mailOutbox]: () => wakeOutbox(),
  [QUEUES.mailDigest]: () => runDailyDigest(),
  // The reminders due at the (moved) clock's day; a second run the same day tells nobody again.
  [QUEUES.reminders]: () => runReminders(),
  [QUEUES.overviewSweep]: () => sweepOverview(),
  // Every connected connection refreshed now, in this process (a queued job refreshes it once more).
  [QUEUES.overviewRefresh]: () => refreshAllNow(),
  // The webhook deliveries due by the app's clock (a test moves it past a retry's backoff first).
  [QUEUES.webhookDeliveries]: () => runDueDeliveries(),
  // Expired sign-in links and passkey challenges deleted by the (moved) clock.
  [QUEUES.signInSweep]: () => sweepSignInLeftovers(),
};

export function runnableJobNames(): string[] {
  return Object.keys(RUNNABLE);
}

/** Runs the named job's work now, in this process; null for an unknown name. */
export async function runJobNow(name: string): Promise<{ result: unknown } | null> {
  const job = Object.hasOwn(RUNNABLE, name) ? RUNNABLE[name] : undefined;
  if (!job) return null;
  return { result: await job() };
}
