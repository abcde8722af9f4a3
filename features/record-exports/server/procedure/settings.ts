import "server-only";
import { getDb } from "@/lib/db/client";
import { fourEyesSetting } from "@/features/month-close/server/four-eyes";
import { retentionYears } from "@/features/records/server/settings";
import { WORKSPACE_ROLES, type WorkspaceRoleName } from "@/features/workspaces/schemas";
import type { EditableClass } from "@/features/records/retention";

/** The workspace's settings the procedure documentation states (read when it is made). */
export interface ProcedureSettings {
  workspace: string;
  members: number;
  roles: Record<WorkspaceRoleName, number>;
  fourEyes: { setting: boolean | null; effective: boolean };
  passkeysRequired: boolean;
  companies: {
    id: number;
    name: string;
    federalState: string | null;
    hoursLimit: string | null;
    ownSettings: number;
  }[];
  retention: Record<EditableClass, number>;
}

export async function procedureSettings(workspaceId: string): Promise<ProcedureSettings> {
  const db = getDb();
  const [workspace, members, fourEyes, companies, companySettings, employeeSettings, retention] = await Promise.all([
    db.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true, requirePasskey: true } }),
    db.workspaceMember.findMany({ where: { workspaceId }, select: { roles: true } }),
    fourEyesSetting(workspaceId),
    db.payrollCompany.findMany({
      where: { connection: { workspaceId, apiKeyEncrypted: { not: null } } },
      select: { connectionId: true, companyId: true, name1: true },
      orderBy: [{ companyId: "asc" }],
    }),
    db.payrollCompanySettings.findMany({ where: { connection: { workspaceId } } }),
    db.payrollEmployeeSettings.groupBy({
      by: ["connectionId", "companyId"],
      where: { connection: { workspaceId } },
      _count: { _all: true },
    }),
    retentionYears(workspaceId),
  ]);
  const roles = Object.fromEntries(WORKSPACE_ROLES.map((role) => [role, 0])) as Record<WorkspaceRoleName, number>;
  for (const member of members) for (const role of member.roles) roles[role as WorkspaceRoleName] += 1;
  const key = (row: { connectionId: string; companyId: number }) => `${row.connectionId}:${row.companyId}`;
  const settingsOf = new Map(companySettings.map((row) => [key(row), row]));
  const ownOf = new Map(employeeSettings.map((row) => [key(row), row._count._all]));
  return {
    workspace: workspace.name,
    members: members.length,
    roles,
    fourEyes: { setting: fourEyes.setting, effective: fourEyes.effective },
    passkeysRequired: workspace.requirePasskey,
    companies: companies.map((company) => {
      const settings = settingsOf.get(key(company));
      return {
        id: company.companyId,
        name: company.name1,
        federalState: settings?.federalState ?? null,
        hoursLimit: settings ? settings.monthlyHoursLimit.toString() : null,
        ownSettings: ownOf.get(key(company)) ?? 0,
      };
    }),
    retention,
  };
}
