import "server-only";
import { getDb } from "@/lib/db/client";
import type { NotSubmitted } from "./due";
import { awaitsClient } from "@/features/payroll/month-lock/states";

/**
 * The client's reminders (issue #28): a company's clients (members holding the client role with the
 * company, workspace_member_companies) are reminded of its months they have not handed in yet, and
 * only before the firm's cut-off (the date by which the firm wants their data; the statement's
 * dates after it are the firm's). Read once per run for all the months due.
 */
export function clientMonths(due: readonly NotSubmitted[]): NotSubmitted[] {
  return due.filter((reminder) => awaitsClient(reminder.state) && reminder.deadlineKind === "cut_off");
}

export async function clientsOf(due: readonly NotSubmitted[]): Promise<(reminder: NotSubmitted) => string[]> {
  if (due.length === 0) return () => [];
  const rows = await getDb().workspaceMemberCompany.findMany({
    where: {
      member: { roles: { has: "client" } },
      OR: due.map((reminder) => ({
        workspaceId: reminder.workspaceId,
        connectionId: reminder.connectionId,
        companyId: reminder.companyId,
      })),
    },
    select: { workspaceId: true, connectionId: true, companyId: true, userId: true },
  });
  const byCompany = new Map<string, string[]>();
  for (const row of rows) {
    const key = `${row.workspaceId}:${row.connectionId}:${row.companyId}`;
    byCompany.set(key, [...(byCompany.get(key) ?? []), row.userId]);
  }
  return (reminder) => byCompany.get(`${reminder.workspaceId}:${reminder.connectionId}:${reminder.companyId}`) ?? [];
}
