import "server-only";
import { NotificationFeed } from "@/lib/db/notification-feed";
import { serverEnv } from "@/lib/env/server";
import { nowMs } from "@/lib/clock";
import { getBoss } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { nextDueAt, runDueDeliveries } from "./deliveries";
import { WEBHOOKS_DUE_CHANNEL } from "./enqueue";

/**
 * The webhook deliveries' worker, in every process that runs jobs. The delivery rows say what is
 * due (./deliveries.ts); what wakes the sender:
 * - a NOTIFY from the transaction that enqueued deliveries (./enqueue.ts), heard by this
 *   process's LISTEN connection: new events go out within moments of their commit;
 * - a pg-boss job at the time the next retry is due (`startAfter`), which any process may take;
 * - pg-boss's schedule every minute, which picks up whatever a lost wake-up left.
 * Two processes woken together send nothing twice: each claims its rows with SKIP LOCKED.
 */
let running: Promise<void> | null = null;
let again = false;

async function runAndScheduleNext(): Promise<void> {
  const result = await runDueDeliveries();
  if (result.retry + result.failed > 0)
    console.log(`jobs: webhooks: ${result.succeeded} delivered, ${result.retry} to retry, ${result.failed} failed`);
  const next = await nextDueAt();
  // Only a retry due before the next minute's sweep needs its own wake-up.
  const inMs = next ? next.getTime() - nowMs() : Infinity;
  if (inMs < 60_000) {
    const boss = await getBoss();
    // pg-boss waits by the database's real time; the due time is by the app's clock (lib/clock).
    await boss.send(QUEUES.webhookDeliveries, {}, { startAfter: new Date(Date.now() + Math.max(0, inMs)) });
  }
}

/** Runs the sender now, once at a time in this process; a wake-up during a run runs it again after. */
export function wakeWebhookSender(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await runAndScheduleNext();
      } while (again);
    } catch (error) {
      console.error(`jobs: webhooks: ${(error as Error).message}`);
    } finally {
      running = null;
    }
  })();
  return running;
}

const holder = globalThis as { __webhookFeed?: NotificationFeed };

export async function startWebhookJobs(): Promise<void> {
  const boss = await getBoss();
  await boss.schedule(QUEUES.webhookDeliveries, "* * * * *");
  await boss.work(QUEUES.webhookDeliveries, { pollingIntervalSeconds: 2 }, () => wakeWebhookSender());
  holder.__webhookFeed ??= new NotificationFeed({
    channel: WEBHOOKS_DUE_CHANNEL,
    connectionString: () => serverEnv().DATABASE_URL,
    onMessage: () => void wakeWebhookSender(),
    onResync: () => void wakeWebhookSender(),
    reconnectMs: 5_000,
  });
  holder.__webhookFeed.start();
}
