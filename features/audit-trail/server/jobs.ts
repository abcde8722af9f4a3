import "server-only";
import { getBoss } from "@/lib/jobs/boss";
import { chainPending } from "@/lib/audit/chain/server/append";
import { log } from "@/lib/log/logger";
import { AUDIT_TRAIL_QUEUES } from "../queues";
import { runCheckpoints } from "./checkpoints";

/**
 * The audit trail's jobs: the chainer's sweep every minute (entries join the chain after they
 * commit, docs/adr/0264-audit-chain-append.md) and the signed checkpoints daily at 02:30 Berlin
 * time. pg-boss runs a schedule once however many processes there are; both are idempotent.
 */
export async function startAuditTrailJobs(): Promise<void> {
  const boss = await getBoss();
  await boss.schedule(AUDIT_TRAIL_QUEUES.chain, "* * * * *");
  await boss.work(AUDIT_TRAIL_QUEUES.chain, async () => {
    const linked = await chainPending();
    if (linked) log.debug({ linked }, "audit chain: entries linked");
  });
  await boss.schedule(AUDIT_TRAIL_QUEUES.checkpoint, "30 2 * * *", {}, { tz: "Europe/Berlin" });
  await boss.work(AUDIT_TRAIL_QUEUES.checkpoint, async () => {
    const { signed, refused } = await runCheckpoints();
    log.info({ signed, refused }, "audit checkpoints: workspaces' trail heads signed");
  });
}
