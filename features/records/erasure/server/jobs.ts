import "server-only";
import { getBoss } from "@/lib/jobs/boss";
import { log } from "@/lib/log/logger";
import { ERASURE_QUEUES } from "../queues";
import { runErasure } from "./erase";

/**
 * The nightly erasure at 03:15 Berlin time (after the audit checkpoints at 02:30): pg-boss runs a
 * schedule once however many processes there are; the run is idempotent.
 */
export async function startErasureJobs(): Promise<void> {
  const boss = await getBoss();
  await boss.schedule(ERASURE_QUEUES.erase, "15 3 * * *", {}, { tz: "Europe/Berlin" });
  await boss.work(ERASURE_QUEUES.erase, async () => {
    const { erased, restricted } = await runErasure();
    log.info({ erased, restricted }, "erasure: employees past their retention erased");
  });
}
