import "server-only";
import { nowMs } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { getBoss } from "@/lib/jobs/boss";
import { MONTH_CLOSE_QUEUES } from "@/features/month-close/queues";
import { STALE_MS } from "../lease";
import type { TransferJobData } from "./transfer-job-data";
import { log } from "@/lib/log/logger";

/**
 * A Transfer whose runner died (kill -9, a crash: no graceful stop handed its job back) is taken
 * over as soon as its lease is stale (30 s, ../lease.ts), as the month's page promises. pg-boss
 * cannot tell: it hands an `active` job out again only after the queue's expiry (2 minutes, see
 * ../queues.ts). So the month close's every-minute sweep (./jobs.ts) sends a new job, with
 * the same data, for each month whose lease a runner took (a heartbeat) and let go stale while its
 * job is still `active` and no copy waits; the job that takes it over first reads what the service
 * holds (./transfer-job.ts). The old job, expired later, finds the lease gone and does nothing.
 * At most one takeover per lease and minute (a singleton): a copy sent while another copy starts
 * finds a live runner and waits (TransferHeldError).
 */
export async function takeOverStaleTransfers(): Promise<number> {
  const staleBefore = new Date(nowMs() - STALE_MS);
  const months = await getDb().monthClose.findMany({
    where: { transferLeaseId: { not: null }, transferHeartbeatAt: { lt: staleBefore } },
    select: { transferLeaseId: true },
  });
  if (months.length === 0) return 0;
  const leases = months.map((month) => month.transferLeaseId!);
  // The app's role reads pg-boss's jobs; a lease's jobs are few (a request's job and its copies).
  const orphans = await getDb().$queryRaw<{ data: TransferJobData }[]>`
    SELECT DISTINCT ON (data->>'leaseId') data FROM pgboss.job active
     WHERE name = ${MONTH_CLOSE_QUEUES.transfer} AND state = 'active' AND data->>'leaseId' = ANY(${leases}::text[])
       AND NOT EXISTS (SELECT 1 FROM pgboss.job waiting
                        WHERE waiting.name = active.name AND waiting.state IN ('created', 'retry')
                          AND waiting.data->>'leaseId' = active.data->>'leaseId')`;
  if (orphans.length === 0) return 0;
  const boss = await getBoss();
  let sent = 0;
  for (const { data } of orphans) {
    const id = await boss.send(MONTH_CLOSE_QUEUES.transfer, data, {
      singletonKey: `takeover:${data.leaseId}`,
      singletonSeconds: 60,
    });
    if (id) {
      sent += 1;
      log.info({ newJobId: id }, "jobs: month-close-transfer taken over from a stale lease");
    }
  }
  return sent;
}
