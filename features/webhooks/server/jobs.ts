import "server-only";
import { getDb } from "@/lib/db/client";
import { getBoss } from "@/lib/jobs/boss";
import { adoptRows, sendRowJobAt } from "@/lib/jobs/row-jobs";
import { WEBHOOK_QUEUES } from "@/features/webhooks/queues";
import { workEach } from "@/lib/jobs/work-each";
import { BATCH, deliverOne, pendingDelivery } from "./deliveries";
import { log } from "@/lib/log/logger";

/**
 * The webhook deliveries' jobs, on pg-boss like every other job (docs/adr/0243): each delivery
 * row has a `webhook-deliveries` job, sent in the event's transaction (./enqueue.ts) and, for a
 * retry, due at the retry's time (./deliveries.ts); any process takes them, BATCH side by side.
 */

/** How often an idle worker asks for jobs: a new event goes out within about this long of its commit. */
const POLLING_SECONDS = 1;

/** The job's work: one attempt, or, when the delivery is not due yet or another sender holds it, a job for when it may be tried. */
async function deliveryJob(data: { id?: unknown }): Promise<void> {
  // A run of the minute's sweep this replaced, still scheduled before the change, carries no id.
  if (typeof data.id !== "string") return;
  if ((await deliverOne(data.id)) !== "later") return;
  const pending = await pendingDelivery(data.id);
  if (pending) await sendRowJobAt(WEBHOOK_QUEUES.deliveries, { id: data.id }, pending.tryAt);
}

/** The pending deliveries, with when each may be tried (for adoptRows). */
async function pendingRows(): Promise<{ ref: string; tryAt: Date }[]> {
  return getDb().$queryRaw<{ ref: string; tryAt: Date }[]>`
    SELECT id::text AS ref, GREATEST(next_attempt_at, COALESCE(locked_until, next_attempt_at)) AS "tryAt"
    FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at IS NOT NULL`;
}

export async function startWebhookJobs(): Promise<void> {
  const boss = await getBoss();
  // The every-minute sweep this replaced (before docs/adr/0243): its schedule goes.
  await boss.unschedule(WEBHOOK_QUEUES.deliveries);
  const adopted = await adoptRows(WEBHOOK_QUEUES.deliveries, "id", await pendingRows());
  if (adopted) log.info({ adopted }, "jobs: webhooks: pending deliveries without a job given one");
  await workEach(
    boss,
    WEBHOOK_QUEUES.deliveries,
    { batchSize: BATCH, pollingIntervalSeconds: POLLING_SECONDS },
    deliveryJob,
  );
}
