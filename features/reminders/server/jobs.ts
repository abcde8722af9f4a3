import "server-only";
import { getBoss } from "@/lib/jobs/boss";
import { REMINDER_QUEUES } from "@/features/reminders/queues";
import { runReminders } from "./run";
import { log } from "@/lib/log/logger";

/**
 * The reminder run's schedule: every hour (a point's day is a Berlin day; an hourly run reaches it
 * early in the day, and a process that was down catches up within the hour) and once at start.
 * pg-boss runs a schedule once however many processes there are; a run is idempotent (./run.ts).
 */
export async function startReminderJobs(): Promise<void> {
  const boss = await getBoss();
  await boss.schedule(REMINDER_QUEUES.reminders, "5 * * * *");
  await boss.work(REMINDER_QUEUES.reminders, async () => {
    const { due, told } = await runReminders();
    if (told) log.info({ due, told }, "reminders: reminders due, people told");
  });
  await boss.send(REMINDER_QUEUES.reminders, {}, { singletonKey: "start", singletonSeconds: 300 });
}
