import "server-only";
import type { SessionUser } from "@/lib/auth/server/session";
import { getDb } from "@/lib/db/client";
import { shownState, type ShownMonthState } from "../states";
import { monthCloseViews } from "./views";

/** One of a client's companies as their landing lists it: its current month and that month's status. */
export interface ClientCompanyMonth {
  companyId: number;
  name: string;
  period: string;
  state: ShownMonthState;
}

/**
 * The companies the signed-in client reaches (workspace_member_companies of their active
 * workspace, features/workspaces/permissions.ts), by name, each with its current month's status. The
 * membership with the role `client` is in the query: anyone else, or a removed client, gets none.
 */
export async function clientCompanyMonths(user: Pick<SessionUser, "id" | "workspace">): Promise<ClientCompanyMonth[]> {
  const workspace = user.workspace;
  if (!workspace) return [];
  const db = getDb();
  const rows = await db.workspaceMemberCompany.findMany({
    where: {
      workspaceId: workspace.id,
      userId: user.id,
      member: { roles: { has: "client" } },
      connection: { workspaceId: workspace.id, apiKeyEncrypted: { not: null } },
    },
    select: { connectionId: true, companyId: true },
  });
  if (rows.length === 0) return [];
  const companies = await db.payrollCompany.findMany({
    where: { OR: rows.map(({ connectionId, companyId }) => ({ connectionId, companyId })) },
    select: { connectionId: true, companyId: true, name1: true, currentMonth: true },
  });
  const result: ClientCompanyMonth[] = [];
  for (const connectionId of new Set(companies.map((company) => company.connectionId))) {
    const own = companies.filter((company) => company.connectionId === connectionId);
    const views = await monthCloseViews(
      connectionId,
      own.map((company) => ({ id: company.companyId, current_month: company.currentMonth })),
      workspace.id,
    );
    for (const company of own) {
      const view = views.get(company.companyId);
      result.push({
        companyId: company.companyId,
        name: company.name1,
        period: company.currentMonth,
        state: view ? shownState(view) : "open",
      });
    }
  }
  return result.sort((a, b) => a.name.localeCompare(b.name) || a.companyId - b.companyId);
}
