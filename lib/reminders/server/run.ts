import "server-only";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock";
import { berlinToday } from "@/lib/dates/berlin";
import { notify } from "@/lib/notifications/server/notify";
import { dueToday, stillOpen, type DueReminder } from "./due";
import { recipientsOf } from "./recipients";

/**
 * The reminder run (hourly, pg-boss; lib/reminders/server/jobs.ts): for every company of every
 * connected payroll connection, the month of today (Berlin) and the company's current payroll
 * month; for each of the two deadlines the reminder point due today (./points.ts); only months
 * not submitted for review (no month-close row, or Open); to the company's assigned clerks, else
 * every clerk of the workspace. Through notify() (kind `reminder`), so each person's preferences
 * apply; its dedupe key names the company, month, deadline and point (notify adds the person), so
 * each point reaches each person once however often the run repeats.
 */

const BATCH = 50;

export function reminderDedupeKey(reminder: DueReminder): string {
  return `reminder:${reminder.connectionId}:${reminder.companyId}:${reminder.period}:${reminder.deadlineKind}:${reminder.point}`;
}

export async function runReminders(at: Date = now()): Promise<{ due: number; told: number }> {
  const today = berlinToday(at);
  const due = await stillOpen(await dueToday(today));
  if (due.length === 0) return { due: 0, told: 0 };
  const recipients = await recipientsOf(due);
  const db = getDb();
  let told = 0;
  // A transaction per batch of companies (not per company: a run for 300 companies is one of many round trips).
  for (let start = 0; start < due.length; start += BATCH) {
    const batch = due.slice(start, start + BATCH).map((reminder) => ({ reminder, userIds: recipients(reminder) }));
    await db.$transaction(
      async (tx) => {
        for (const { reminder, userIds } of batch) {
          if (userIds.length === 0) continue;
          await notify(tx, {
            userIds,
            kind: "reminder",
            dedupeKey: reminderDedupeKey(reminder),
            workspaceId: reminder.workspaceId,
            data: {
              companyId: reminder.companyId,
              companyName: reminder.companyName,
              period: reminder.period,
              deadlineKind: reminder.deadlineKind,
              deadline: reminder.deadline,
              daysBefore: reminder.daysLeft,
            },
            link: `/payroll/companies/${reminder.companyId}/hours`,
          });
        }
      },
      { timeout: 60_000 },
    );
    told += batch.reduce((sum, entry) => sum + entry.userIds.length, 0);
  }
  return { due: due.length, told };
}
