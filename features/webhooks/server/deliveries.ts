import "server-only";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import { nextAttemptAfter } from "../retry-schedule";
import { secretsInForce } from "./endpoint-secrets";
import { sendWebhook, type AttemptResult } from "./send";
import { signDelivery } from "./signing";

/**
 * The delivery worker's work: every pending delivery that is due is claimed, sent and recorded.
 * A claim is an UPDATE of rows picked `FOR UPDATE SKIP LOCKED` that sets `locked_until` past the
 * attempt's timeout, so two processes (or two runs) never send one delivery at the same time; a
 * claim of a process that died runs out and the delivery is tried again. Due times are by the
 * app's clock (lib/clock), which tests move instead of waiting.
 */
const BATCH = 10;
const MAX_PER_RUN = 200;
const CLAIM_MS = 60_000;

interface Claimed {
  id: string;
  endpoint_id: string;
  body: string;
  attempts: number;
}

async function claimDue(at: Date, endpointIds: string[] | null): Promise<Claimed[]> {
  // `endpointIds` null: every endpoint's (the worker); a test names its own (the suite's files share one database).
  return getDb().$queryRaw<Claimed[]>`
    UPDATE webhook_deliveries SET locked_until = ${new Date(at.getTime() + CLAIM_MS)}
    WHERE id IN (
      SELECT id FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at <= ${at} AND (locked_until IS NULL OR locked_until < ${at})
        AND (${endpointIds}::uuid[] IS NULL OR endpoint_id = ANY(${endpointIds}::uuid[]))
      ORDER BY next_attempt_at, id
      LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, endpoint_id, body, attempts`;
}

async function attempt(delivery: Claimed, at: Date): Promise<AttemptResult> {
  const endpoint = await getDb().webhookEndpoint.findUnique({
    where: { id: delivery.endpoint_id },
    select: { id: true, url: true, enabled: true, secretEncrypted: true, previousSecretEncrypted: true, previousSecretExpiresAt: true },
  });
  if (!endpoint) return { ok: false, status: null, error: "The endpoint was removed." };
  if (!endpoint.enabled) return { ok: false, status: null, error: "The endpoint is disabled." };
  // The real time, not the app's clock: the receiver compares webhook-timestamp with its own clock.
  const headers = signDelivery(secretsInForce(endpoint, at), `msg_${delivery.id}`, new Date(), delivery.body);
  return sendWebhook(endpoint.url, headers, delivery.body, { allowPrivate: serverEnv().WEBHOOKS_ALLOW_PRIVATE });
}

async function record(delivery: Claimed, result: AttemptResult, at: Date): Promise<"succeeded" | "retry" | "failed"> {
  const attempts = delivery.attempts + 1;
  const next = result.ok ? null : nextAttemptAfter(attempts, at);
  const status = result.ok ? "succeeded" : next ? "pending" : "failed";
  await getDb().webhookDelivery.update({
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
  return result.ok ? "succeeded" : next ? "retry" : "failed";
}

export interface DeliveryRun {
  succeeded: number;
  retry: number;
  failed: number;
}

/** Sends every delivery due now (a batch at a time, each batch's requests side by side); `endpointIds` limits it to those endpoints. */
export async function runDueDeliveries(endpointIds: string[] | null = null): Promise<DeliveryRun> {
  const run: DeliveryRun = { succeeded: 0, retry: 0, failed: 0 };
  for (let sent = 0; sent < MAX_PER_RUN;) {
    const at = now();
    const batch = await claimDue(at, endpointIds);
    if (batch.length === 0) break;
    sent += batch.length;
    const outcomes = await Promise.all(batch.map(async (delivery) => record(delivery, await attempt(delivery, at), now())));
    for (const outcome of outcomes) run[outcome] += 1;
  }
  return run;
}

/** When the next pending delivery no worker holds is due (to wake the worker then), or null. */
export async function nextDueAt(): Promise<Date | null> {
  const next = await getDb().webhookDelivery.findFirst({
    where: { status: "pending", nextAttemptAt: { not: null }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now() } }] },
    orderBy: { nextAttemptAt: "asc" },
    select: { nextAttemptAt: true },
  });
  return next?.nextAttemptAt ?? null;
}
