import "server-only";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import { defaultRenewalDeps, renewAccessToken } from "./access-token";
import { defaultLifecycleDeps, revokeConnection } from "./lifecycle";
import { ReauthRequiredError } from "../../errors";
import { getBoss } from "@/lib/jobs/boss";
import { ACCOUNTING_QUEUES } from "@/features/accounting/queues";
import { log } from "@/lib/log/logger";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Queues a retry of a revocation that failed with a server error (retried with backoff by pg-boss). */
export async function scheduleRevokeRetry(connectionId: string): Promise<void> {
  const boss = await getBoss();
  await boss.send(
    ACCOUNTING_QUEUES.revokeRetry,
    { connectionId },
    { singletonKey: connectionId, startAfter: 60, retryLimit: 20, retryDelay: 60, retryBackoff: true },
  );
}

/**
 * Renews every active connection not renewed for `keepAliveDays`, so a
 * refresh token (31 days) never expires while its person is away. Renewal takes
 * the connection's row lock, so it is safe next to requests and other processes.
 */
export async function renewIdleConnections(
  keepAliveDays = serverEnv().ACCOUNTING_KEEPALIVE_DAYS,
  now = new Date(),
): Promise<{ renewed: number; failed: number }> {
  const threshold = new Date(now.getTime() - keepAliveDays * DAY_MS);
  const idle = await getDb().accountingConnection.findMany({
    where: {
      status: "active",
      refreshTokenEncrypted: { not: null },
      OR: [{ lastRenewedAt: null }, { lastRenewedAt: { lt: threshold } }],
    },
    select: { id: true, lastRenewedAt: true },
    take: 500,
  });
  const deps = defaultRenewalDeps();
  let renewed = 0;
  let failed = 0;
  for (const connection of idle) {
    try {
      await renewAccessToken(connection.id, { force: true }, deps);
      renewed += 1;
    } catch (error) {
      failed += 1;
      if (!(error instanceof ReauthRequiredError))
        log.warn({ error: (error as Error).name }, "jobs: keep-alive of a connection failed");
    }
  }
  return { renewed, failed };
}

export async function startAccountingJobs(): Promise<void> {
  const boss = await getBoss();
  await boss.schedule(ACCOUNTING_QUEUES.keepAlive, "17 * * * *");
  await boss.work(ACCOUNTING_QUEUES.keepAlive, async () => {
    const result = await renewIdleConnections();
    if (result.renewed || result.failed)
      log.info({ renewed: result.renewed, failed: result.failed }, "jobs: keep-alive done");
  });
  await boss.work<{ connectionId: string }>(ACCOUNTING_QUEUES.revokeRetry, async (jobs) => {
    for (const job of jobs) {
      const outcome = await revokeConnection(
        job.data.connectionId,
        defaultLifecycleDeps(async () => {}),
      );
      // Still failing: throwing hands the job back to pg-boss for its next, later attempt.
      if (outcome === "pending") throw new Error("revocation still failing");
    }
  });
}
