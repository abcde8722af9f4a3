import "server-only";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { SCHEMA } from "./boss";
import { sendInTransaction } from "./in-transaction";
import type { QueueName } from "./queues";

/**
 * Jobs that each stand for one row of an outbox table (a mail, a webhook delivery), the row named
 * in the job's data by one field (`{ key }`, `{ id }`): the row is the truth, its job says when to
 * try it (docs/adr/0243-one-background-mechanism.md).
 */

/** A job for the row, due at `tryAt` by the app's clock (pg-boss waits by the database's: the delay is what counts). */
export async function sendRowJobAt(queue: QueueName, data: Record<string, string>, tryAt: Date): Promise<void> {
  const inMs = tryAt.getTime() - now().getTime();
  await getDb().$transaction((tx) => sendInTransaction(tx, queue, data, { inMs }));
}

/**
 * Gives a job to each of `rows` that has none waiting or running in `queue`: rows from before
 * their table had jobs, and a row whose job ran out of pg-boss's retries (its work failing, not
 * its send: a refused send is the row's own retry). A process starting its jobs looks once.
 */
export async function adoptRows(
  queue: QueueName,
  field: string,
  rows: { ref: string; tryAt: Date }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const live = await getDb().$queryRawUnsafe<{ ref: string }[]>(
    `SELECT DISTINCT data->>$2 AS ref FROM ${SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active') AND data->>$2 = ANY($3::text[])`,
    queue,
    field,
    rows.map((row) => row.ref),
  );
  const covered = new Set(live.map((row) => row.ref));
  const orphans = rows.filter((row) => !covered.has(row.ref));
  if (orphans.length === 0) return 0;
  const at = now().getTime();
  await getDb().$transaction(async (tx) => {
    for (const row of orphans)
      await sendInTransaction(tx, queue, { [field]: row.ref }, { inMs: row.tryAt.getTime() - at });
  });
  return orphans.length;
}
