import "server-only";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import { getBoss } from "@/lib/jobs/boss";
import { adoptRows, sendRowJobAt } from "@/lib/jobs/row-jobs";
import { MAIL_QUEUES } from "@/features/mail/queues";
import { workEach } from "@/lib/jobs/work-each";
import { runDailyDigest } from "./digest";
import { markNotedRows, pendingRow, sendOutboxMessage } from "./worker";
import { log } from "@/lib/log/logger";

/**
 * The mail jobs of a process, on pg-boss like every other job (docs/adr/0243): each outbox row
 * has a `mail-outbox` job, sent with it (./outbox.ts) and, for a retry, due at the row's backoff
 * (./worker.ts); any process takes it, one at a time. The daily digest (./digest.ts) runs at
 * 07:00 Berlin time.
 */

/** How often an idle worker asks for a job: a new mail leaves within about this long of its commit. */
const POLLING_SECONDS = 1;

/** The job's work: its row sent, or, when it is not due yet or another sender holds it, a job for when it may be tried. */
async function sendJob(data: { key?: unknown }): Promise<void> {
  // A run of the minute's sweep this replaced, still scheduled before the change, carries no key.
  if (typeof data.key !== "string") return;
  if ((await sendOutboxMessage(data.key)) !== "later") return;
  const pending = await pendingRow(data.key);
  if (pending) await sendRowJobAt(MAIL_QUEUES.outbox, { key: data.key }, pending.tryAt);
}

/** The rows still to send, with when each may be tried (for adoptRows). */
async function unsentRows(): Promise<{ ref: string; tryAt: Date }[]> {
  return getDb().$queryRaw<{ ref: string; tryAt: Date }[]>`
    SELECT idempotency_key AS ref, GREATEST(next_attempt_at, COALESCE(locked_until, next_attempt_at)) AS "tryAt"
    FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL`;
}

export async function startMailJobs(): Promise<void> {
  if (!serverEnv().SMTP_URL) return;
  const boss = await getBoss();
  // The every-minute sweep this replaced (before docs/adr/0243): its schedule goes.
  await boss.unschedule(MAIL_QUEUES.outbox);
  await markNotedRows();
  const adopted = await adoptRows(MAIL_QUEUES.outbox, "key", await unsentRows());
  if (adopted) log.info({ adopted }, "mail: outbox messages without a job given one");
  await workEach(boss, MAIL_QUEUES.outbox, { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS }, sendJob);
  await boss.schedule(MAIL_QUEUES.digest, "0 7 * * *", {}, { tz: "Europe/Berlin" });
  await boss.work(MAIL_QUEUES.digest, async () => {
    const { mails } = await runDailyDigest();
    if (mails) log.info({ mails }, "mail: daily digests queued");
  });
}
