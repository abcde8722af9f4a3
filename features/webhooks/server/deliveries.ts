import "server-only";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import { sendInTransaction } from "@/lib/jobs/in-transaction";
import { WEBHOOK_QUEUES } from "@/features/webhooks/queues";
import { nextAttemptAfter } from "../retry-schedule";
import { secretsInForce } from "./endpoint-secrets";
import { sendWebhook, type AttemptResult } from "./send";
import { signDelivery } from "./signing";

/**
 * A delivery's attempt: the work of the `webhook-deliveries` pg-boss job that each delivery row
 * has (./jobs.ts), sent in the event's transaction (./enqueue.ts) and again, due at the next
 * retry, in the transaction that records a failed attempt. A claim is a conditional UPDATE that
 * sets `locked_until` past the attempt's timeout, so two jobs (or a job and the test controls'
 * run) never send one delivery at the same time; a claim of a process that died runs out with
 * its job's expiry, and pg-boss hands the job out again. Due times are by the app's clock
 * (lib/clock), which tests move instead of waiting.
 */
/** Deliveries sent side by side, by a process's worker and by a run-now. */
export const BATCH = 10;
const MAX_PER_RUN = 200;
const CLAIM_MS = 60_000;

interface Claimed {
  id: string;
  endpoint_id: string;
  body: string;
  attempts: number;
}

/** Claims the delivery `id` if it is pending, due and free (committed before anything is sent), or null. */
async function claim(id: string, at: Date): Promise<Claimed | null> {
  const rows = await getDb().$queryRaw<Claimed[]>`
    UPDATE webhook_deliveries SET locked_until = ${new Date(at.getTime() + CLAIM_MS)}
    WHERE id = ${id}::uuid AND status = 'pending' AND next_attempt_at <= ${at} AND (locked_until IS NULL OR locked_until < ${at})
    RETURNING id, endpoint_id, body, attempts`;
  return rows[0] ?? null;
}

async function attempt(delivery: Claimed, at: Date): Promise<AttemptResult> {
  const endpoint = await getDb().webhookEndpoint.findUnique({
    where: { id: delivery.endpoint_id },
    select: {
      id: true,
      url: true,
      enabled: true,
      secretEncrypted: true,
      previousSecretEncrypted: true,
      previousSecretExpiresAt: true,
    },
  });
  if (!endpoint) return { ok: false, status: null, error: "The endpoint was removed." };
  if (!endpoint.enabled) return { ok: false, status: null, error: "The endpoint is disabled." };
  // The real time, not the app's clock: the receiver compares webhook-timestamp with its own clock.
  const headers = signDelivery(secretsInForce(endpoint, at), `msg_${delivery.id}`, new Date(), delivery.body);
  return sendWebhook(endpoint.url, headers, delivery.body, { allowPrivate: serverEnv().WEBHOOKS_ALLOW_PRIVATE });
}

/** Records an attempt and, for a retry, the delivery's next job, due then: one transaction, so no retry is lost. */
async function record(delivery: Claimed, result: AttemptResult, at: Date): Promise<"succeeded" | "retry" | "failed"> {
  const attempts = delivery.attempts + 1;
  const next = result.ok ? null : nextAttemptAfter(attempts, at);
  const status = result.ok ? "succeeded" : next ? "pending" : "failed";
  await getDb().$transaction(async (tx) => {
    await tx.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        status,
        attempts,
        lockedUntil: null,
        lastAttemptAt: at,
        lastStatusCode: result.status,
        lastError: result.ok ? null : result.error,
        nextAttemptAt: next,
        deliveredAt: result.ok ? at : null,
      },
    });
    if (next)
      await sendInTransaction(
        tx,
        WEBHOOK_QUEUES.deliveries,
        { id: delivery.id },
        { inMs: next.getTime() - at.getTime() },
      );
  });
  return result.ok ? "succeeded" : next ? "retry" : "failed";
}

/** What one try did: its outcome, or `later` (not due yet, or another sender holds it), or `done` (delivered, failed or gone). */
export type Outcome = "succeeded" | "retry" | "failed" | "later" | "done";

/** The `webhook-deliveries` job's work: one attempt of the delivery `id` if it is due and free. */
export async function deliverOne(id: string): Promise<Outcome> {
  const at = now();
  const delivery = await claim(id, at);
  if (!delivery) return (await pendingDelivery(id)) ? "later" : "done";
  return record(delivery, await attempt(delivery, at), now());
}

/** A delivery still pending: when it may be tried (its due time, or its sender's claim's end), or null. */
export async function pendingDelivery(id: string): Promise<{ tryAt: Date } | null> {
  const rows = await getDb().$queryRaw<{ try_at: Date }[]>`
    SELECT GREATEST(next_attempt_at, COALESCE(locked_until, next_attempt_at)) AS try_at FROM webhook_deliveries
    WHERE id = ${id}::uuid AND status = 'pending' AND next_attempt_at IS NOT NULL`;
  return rows[0] ? { tryAt: rows[0].try_at } : null;
}

export interface DeliveryRun {
  succeeded: number;
  retry: number;
  failed: number;
}

/**
 * Every delivery due by the app's clock now, in this process, each through the job's work side
 * by side: the test controls' run-now (`POST /api/test/jobs/webhook-deliveries`, after a test
 * moved the clock past a retry) and the tests'; `endpointIds` limits it to those endpoints (the
 * suite's files share one database). The deliveries' own jobs, due later, then find them done.
 */
export async function runDueDeliveries(endpointIds: string[] | null = null): Promise<DeliveryRun> {
  const run: DeliveryRun = { succeeded: 0, retry: 0, failed: 0 };
  const at = now();
  const due = await getDb().$queryRaw<{ id: string }[]>`
    SELECT id FROM webhook_deliveries
    WHERE status = 'pending' AND next_attempt_at <= ${at} AND (locked_until IS NULL OR locked_until < ${at})
      AND (${endpointIds}::uuid[] IS NULL OR endpoint_id = ANY(${endpointIds}::uuid[]))
    ORDER BY next_attempt_at, id LIMIT ${MAX_PER_RUN}`;
  for (let start = 0; start < due.length; start += BATCH) {
    const outcomes = await Promise.all(due.slice(start, start + BATCH).map((row) => deliverOne(row.id)));
    for (const outcome of outcomes)
      if (outcome === "succeeded" || outcome === "retry" || outcome === "failed") run[outcome] += 1;
  }
  return run;
}
