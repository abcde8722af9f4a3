import "server-only";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock";
import { berlinToday } from "@/lib/dates/berlin";
import { notify } from "@/features/notifications/server/notify";
import type { Prisma } from "@/lib/db/generated/client";
import { clientMonths, clientsOf } from "./clients";
import { dueToday, stillOpen, type DueReminder } from "./due";
import { recipientsOf } from "./recipients";

/**
 * The reminder run (hourly, pg-boss; features/reminders/server/jobs.ts): for every company of every
 * connected payroll connection, the month of today (Berlin) and the company's current payroll
 * month; for each of the two deadlines the reminder point due today (./points.ts); only months
 * not submitted for review (no month-close row, Open, or Handed in by the client); to the company's
 * assigned clerks, else every clerk of the workspace; and, of months still Open before the firm's
 * cut-off, to the company's clients (kind `client_reminder`, their own text: ./clients.ts). Through notify() (kind `reminder`), so each person's preferences
 * apply; its dedupe key names the company, month, deadline and point (notify adds the person), so
 * each point reaches each person once however often the run repeats.
 */

const BATCH = 50;

export function reminderDedupeKey(reminder: DueReminder, kind: "reminder" | "client_reminder" = "reminder"): string {
  const prefix = kind === "reminder" ? "reminder" : "client-reminder";
  return `${prefix}:${reminder.connectionId}:${reminder.companyId}:${reminder.period}:${reminder.deadlineKind}:${reminder.point}`;
}

type Kind = "reminder" | "client_reminder";

async function remind(
  tx: Prisma.TransactionClient,
  kind: Kind,
  reminder: DueReminder,
  userIds: string[],
): Promise<void> {
  await notify(tx, {
    userIds,
    kind,
    dedupeKey: reminderDedupeKey(reminder, kind),
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

export async function runReminders(at: Date = now()): Promise<{ due: number; told: number }> {
  const today = berlinToday(at);
  const due = await stillOpen(await dueToday(today));
  if (due.length === 0) return { due: 0, told: 0 };
  const forClients = clientMonths(due);
  const [recipients, clients] = await Promise.all([recipientsOf(due), clientsOf(forClients)]);
  const work: { kind: Kind; reminder: DueReminder; userIds: string[] }[] = [
    ...due.map((reminder) => ({ kind: "reminder" as const, reminder, userIds: recipients(reminder) })),
    ...forClients.map((reminder) => ({ kind: "client_reminder" as const, reminder, userIds: clients(reminder) })),
  ].filter((entry) => entry.userIds.length > 0);
  const db = getDb();
  let told = 0;
  // A transaction per batch of companies (not per company: a run for 300 companies is one of many round trips).
  for (let start = 0; start < work.length; start += BATCH) {
    const batch = work.slice(start, start + BATCH);
    await db.$transaction(
      async (tx) => {
        for (const { kind, reminder, userIds } of batch) await remind(tx, kind, reminder, userIds);
      },
      { timeout: 60_000 },
    );
    told += batch.reduce((sum, entry) => sum + entry.userIds.length, 0);
  }
  return { due: due.length, told };
}
