import "server-only";
import { NotificationFeed } from "@/lib/db/notification-feed";
import { serverEnv } from "@/lib/env/server";
import { getBoss } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { runDailyDigest } from "./digest";
import { OUTBOX_CHANNEL } from "./outbox";
import { drainOutbox } from "./worker";

/**
 * The outbox worker's triggers in a process: a committed transaction that enqueued mail wakes it
 * at once (NOTIFY on OUTBOX_CHANNEL), and pg-boss's schedule every minute sends what became due
 * since (retries after their backoff, anything a missed notification left). Drains in one
 * process run one after another; processes share the rows through their leases (./worker.ts).
 * The daily digest (./digest.ts) runs at 07:00 Berlin time.
 */

const holder = globalThis as { __mailDrain?: { running: Promise<unknown> | null; again: boolean; feed?: NotificationFeed } };
const state = (holder.__mailDrain ??= { running: null, again: false });

/** Drains the outbox now, or once more after the drain under way (a wake during a drain is not lost). */
export function wakeOutbox(): Promise<unknown> {
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.running = (async () => {
    try {
      do {
        state.again = false;
        const result = await drainOutbox();
        if (result.failed) console.warn(`mail: ${result.failed} e-mail(s) failed, to be retried (${result.sent} sent)`);
      } while (state.again);
    } catch (error) {
      console.error(`mail: the outbox worker failed (${(error as Error).message})`);
    } finally {
      state.running = null;
    }
  })();
  return state.running;
}

export async function startMailJobs(): Promise<void> {
  if (!serverEnv().SMTP_URL) return;
  const boss = await getBoss();
  await boss.schedule(QUEUES.mailOutbox, "* * * * *");
  await boss.work(QUEUES.mailOutbox, async () => {
    await wakeOutbox();
  });
  await boss.schedule(QUEUES.mailDigest, "0 7 * * *", {}, { tz: "Europe/Berlin" });
  await boss.work(QUEUES.mailDigest, async () => {
    const { mails } = await runDailyDigest();
    if (mails) console.log(`mail: ${mails} daily digest(s) queued`);
  });
  state.feed ??= new NotificationFeed({
    channel: OUTBOX_CHANNEL,
    connectionString: () => serverEnv().DATABASE_URL,
    onMessage: () => void wakeOutbox(),
    onResync: () => void wakeOutbox(),
    reconnectMs: 5_000,
  });
  state.feed.start();
}
