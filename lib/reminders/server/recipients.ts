import "server-only";
import { getDb } from "@/lib/db/client";
import type { DueReminder } from "./due";

/**
 * Who is reminded of a company: its assigned people who are clerks of the workspace
 * (`payroll_company_assignees`, lib/overview), else every clerk of the workspace. Read once per run
 * for all the companies due.
 */
export async function recipientsOf(due: DueReminder[]): Promise<(reminder: DueReminder) => string[]> {
  const db = getDb();
  const workspaceIds = [...new Set(due.map((d) => d.workspaceId))];
  const connectionIds = [...new Set(due.map((d) => d.connectionId))];
  const [members, assigned] = await Promise.all([
    db.workspaceMember.findMany({
      where: { workspaceId: { in: workspaceIds }, roles: { has: "clerk" } },
      select: { workspaceId: true, userId: true },
    }),
    db.$queryRaw<{ connection_id: string; company_id: number; user_id: string }[]>`
      SELECT connection_id::text, company_id, user_id::text FROM payroll_company_assignees WHERE connection_id = ANY(${connectionIds}::uuid[])`,
  ]);
  const clerks = new Map<string, Set<string>>();
  for (const member of members) {
    let set = clerks.get(member.workspaceId);
    if (!set) clerks.set(member.workspaceId, (set = new Set()));
    set.add(member.userId);
  }
  const assignees = new Map<string, string[]>();
  for (const row of assigned) {
    const key = `${row.connection_id}:${row.company_id}`;
    assignees.set(key, [...(assignees.get(key) ?? []), row.user_id]);
  }
  return (reminder) => {
    const workspaceClerks = clerks.get(reminder.workspaceId) ?? new Set<string>();
    const chosen = (assignees.get(`${reminder.connectionId}:${reminder.companyId}`) ?? []).filter((id) => workspaceClerks.has(id));
    return chosen.length ? chosen : [...workspaceClerks];
  };
}
