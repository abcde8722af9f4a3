import "server-only";
import { requireRecentConfirmation } from "@/lib/auth/server/recent-confirmation";
import type { SessionUser } from "@/lib/auth/server/session-store";
import { auditActorOf } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";
import { companyFromParam, payrollRoute } from "@/features/payroll/server/route-helpers";
import type { MonthActor } from "@/features/month-close/server/audit";
import { holdsRole } from "@/features/month-close/states";
import { recordExport } from "@/features/records/server/access-log/record";
import { datevContract as contract } from "../contract";
import { WINDOWS_1252 } from "../lodas/windows-1252";
import { exportForDatev, lugDescriptionOf, requireApproved, storedExport } from "./export";
import { datevPreview } from "./preview";
import {
  companyDatevSettings,
  saveCompanyDatevSettings,
  saveEmployeeDatevSettings,
  saveWorkspaceWageTypes,
} from "./settings";

/**
 * The handlers of ../routes.ts, in the envelope. Who: reading (settings, preview, the stored file)
 * is for the firm's members; changing the settings for those who prepare the month (payroll.edit);
 * the export for those who take the Transfer step (owner, clerk, approver), after a recent
 * confirmation as Transfer asks; the firm's default wage types for owners. Clients never.
 */

function actorOf(user: SessionUser): MonthActor {
  if (!user.workspace) throw new ApiError("forbidden", "You are not a member of a workspace.");
  const name = user.displayName ?? user.email ?? user.id;
  return { workspaceId: user.workspace.id, userId: user.id, name, roles: user.workspace.roles };
}

// Every member reaches the month (as the month close's POST): a month that is not Approved is 409
// for anyone; then the Transfer step's roles (owner, clerk, approver) and, as Transfer asks, a recent
// confirmation, before anything is made.
const exportMonth = payrollRoute({ ...contract.exportMonth, permission: "payroll.read" }, async (context) => {
  const actor = actorOf(context.user);
  const company = await companyFromParam(context, context.params.companyId);
  await requireApproved({ connectionId: context.connection.id, companyId: company.id, period: context.query.month });
  if (!holdsRole(actor.roles, "transfer"))
    throw new ApiError("forbidden", "Your roles in this workspace do not take the month's last step.");
  requireRecentConfirmation(context.user);
  const made = await exportForDatev({
    actor,
    connectionId: context.connection.id,
    client: context.client,
    company,
    period: context.query.month,
  });
  return successResponse(made, 201);
});

const download = payrollRoute({ ...contract.download, permission: "payroll.read" }, async (context) => {
  const company = await companyFromParam(context, context.params.companyId);
  const stored = await storedExport(context.connection.id, company.id, context.query.month);
  const file = context.query.part === "description" ? lugDescriptionOf(stored) : stored;
  // Each download of the file is another copy of the employees' pay leaving the system (issue #38 §4);
  // the format description holds none.
  if (file === stored) {
    const { workspaceId, userId } = actorOf(context.user);
    const { employeeIds, period } = stored;
    await recordExport({
      workspaceId,
      actorId: userId,
      kind: "datev_export",
      companyId: company.id,
      period,
      employeeIds,
    });
  }
  return new Response(new Uint8Array(file.content), {
    headers: {
      "content-type": `text/plain; charset=${WINDOWS_1252}`,
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
      "x-content-sha256": file.sha256,
    },
  });
});

const preview = payrollRoute({ ...contract.preview, permission: "payroll.read" }, async (context) => {
  const company = await companyFromParam(context, context.params.companyId);
  return successResponse(
    await datevPreview({
      workspaceId: actorOf(context.user).workspaceId,
      connectionId: context.connection.id,
      client: context.client,
      company,
      period: context.query.month,
    }),
  );
});

const getSettings = payrollRoute({ ...contract.getSettings, permission: "payroll.read" }, async (context) => {
  const company = await companyFromParam(context, context.params.companyId);
  const workspaceId = actorOf(context.user).workspaceId;
  return successResponse({ settings: await companyDatevSettings(workspaceId, context.connection.id, company.id) });
});

const setSettings = payrollRoute(
  { ...contract.setSettings, permission: "payroll.edit", maxBodyBytes: 8192 },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    const actor = auditActorOf(context.user);
    const settings = await saveCompanyDatevSettings(actor, context.connection.id, company.id, context.body);
    return successResponse({ settings });
  },
);

const setEmployee = payrollRoute(
  { ...contract.setEmployee, permission: "payroll.edit", maxBodyBytes: 256 },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    // The id comes from the request: it must be one of the company's employees at the service.
    const employees = (await context.client.listEmployees(company.id)).map((found) => ({
      id: found.id,
      name: `${found.first_name} ${found.last_name}`.trim(),
    }));
    const actor = auditActorOf(context.user);
    const employeeId = Number(context.params.employeeId);
    return successResponse(
      await saveEmployeeDatevSettings(actor, context.connection.id, company.id, employees, employeeId, context.body),
    );
  },
);

const setWorkspaceWageTypes = withRoute(
  { ...contract.setWorkspaceWageTypes, maxBodyBytes: 8192 },
  async ({ user, params, body }) => {
    const member = await getDb().workspaceMember.findUnique({
      where: { workspaceId_userId: { workspaceId: params.workspaceId, userId: user.id } },
      select: { roles: true },
    });
    if (!member) throw new ApiError("not_found");
    if (!member.roles.includes("owner"))
      throw new ApiError("forbidden", "Only an owner of the workspace keeps its default wage types.");
    const actor = { workspaceId: params.workspaceId, userId: user.id, name: user.displayName ?? user.email ?? null };
    return successResponse({ wageTypes: await saveWorkspaceWageTypes(actor, body) });
  },
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export. */
export const datevHandlers = {
  exportMonth,
  download,
  preview,
  getSettings,
  setSettings,
  setEmployee,
  setWorkspaceWageTypes,
} satisfies RouteHandlers<typeof contract>;
