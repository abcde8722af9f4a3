import "server-only";
import { runDueRereads } from "@/lib/month-close/rereads";
import { getBoss } from "./boss";
import { QUEUES } from "./queues";

/**
 * The month close's re-reads of the payroll service after a Transfer (lib/month-close/rereads.ts):
 * one pg-boss job per read, started after its due time, plus a sweep every minute for any read
 * whose job was lost. The rows say what is due; a job only runs `runDueRereads`, so two jobs for
 * the same read do it once.
 */
/** Wakes the re-read job at `dueAt` (the app's clock, lib/clock). */
export async function scheduleRereadWake(dueAt: Date): Promise<void> {
  const boss = await getBoss();
  await boss.send(QUEUES.monthCloseReread, {}, { startAfter: dueAt });
}

export async function startMonthCloseJobs(): Promise<void> {
  const boss = await getBoss();
  await boss.schedule(QUEUES.monthCloseReread, "* * * * *");
  await boss.work(QUEUES.monthCloseReread, async () => {
    const result = await runDueRereads();
    if (result.differences) console.log(`jobs: re-reads found ${result.differences} transfer(s) differing from what was sent`);
  });
}
