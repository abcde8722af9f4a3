import "server-only";
import { getDb } from "@/lib/db/client";
import { assigneesOf } from "@/features/overview/server/assignees";
import type { DueReminder } from "./due";

/**
 * Who is reminded of a company: the people assigned to it (features/overview: members who prepare the
 * month, clerks or owners), else every clerk of the workspace. Read once per run for all the
 * companies due.
 */
export async function recipientsOf(due: DueReminder[]): Promise<(reminder: DueReminder) => string[]> {
  const db = getDb();
  const workspaceIds = [...new Set(due.map((d) => d.workspaceId))];
  const companiesOf = new Map<string, Set<number>>();
  for (const d of due) companiesOf.set(d.connectionId, (companiesOf.get(d.connectionId) ?? new Set()).add(d.companyId));
  const [members, assigned] = await Promise.all([
    db.workspaceMember.findMany({
      where: { workspaceId: { in: workspaceIds }, roles: { has: "clerk" } },
      select: { workspaceId: true, userId: true },
    }),
    Promise.all(
      [...companiesOf].map(
        async ([connectionId, companyIds]) =>
          [connectionId, await assigneesOf(db, connectionId, [...companyIds])] as const,
      ),
    ),
  ]);
  const clerks = new Map<string, string[]>();
  for (const member of members)
    clerks.set(member.workspaceId, [...(clerks.get(member.workspaceId) ?? []), member.userId]);
  const assignees = new Map(assigned);
  return (reminder) => {
    const chosen = assignees.get(reminder.connectionId)?.get(reminder.companyId) ?? [];
    return chosen.length ? chosen : (clerks.get(reminder.workspaceId) ?? []);
  };
}
