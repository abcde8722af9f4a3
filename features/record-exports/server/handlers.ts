import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import type { SessionUser } from "@/lib/auth/server/session-store";
import { ApiError } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";
import { companyFromParam, payrollRoute } from "@/features/payroll/server/route-helpers";
import { recordExportsContract as contract } from "../contract";
import { personalDataExport } from "./personal-data/export";
import { procedureDocumentation } from "./procedure/export";
import { taxAuditExport, type ExportFile } from "./tax-audit/export";

/**
 * The handlers of ../routes.ts. Both exports are for owners: the tax audit's by the workspace in
 * the URL (a non-member or client 404, another role 403: features/records/server/settings.ts
 * `ownerOnly`), the personal data's by the payroll access of `payroll.manage` (owners only; the
 * company must be the workspace's connection's). The procedure documentation (settings, no person's
 * data) for the firm's members. Clients never. Both exports of people's data ask for a recent
 * sign-in (lib/auth/server/recent-confirmation.ts: 401 `reauthentication_required` past ten minutes),
 * as the other sensitive actions do; the browser's fetch helper then shows the confirm dialog.
 */

function zipResponse(file: ExportFile): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
      "x-content-sha256": file.sha256,
    },
  });
}

const actorOf = (user: SessionUser, workspaceId: string) => ({
  workspaceId,
  userId: user.id,
  name: user.displayName ?? user.email ?? null,
});

const taxAudit = withRoute(
  { ...contract.taxAudit, firmOnly: true, recentConfirmation: true },
  async ({ user, params, query }) => zipResponse(await taxAuditExport(actorOf(user, params.workspaceId), query)),
);

const procedure = withRoute({ ...contract.procedure, firmOnly: true }, async ({ user, params }) => {
  const [t, locale] = await Promise.all([getTranslations() as Promise<Translate>, getLocale() as Promise<Locale>]);
  const file = await procedureDocumentation(user.id, params.workspaceId, t, locale);
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    },
  });
});

const personalData = payrollRoute(
  { ...contract.personalData, permission: "payroll.manage", recentConfirmation: true },
  async (context) => {
    const { user } = context;
    if (!user.workspace) throw new ApiError("not_found");
    const company = await companyFromParam(context, context.params.companyId);
    const employeeId = Number(context.params.employeeId);
    // The service's record when it answers; the export says what Ledgerlane holds either way.
    const service = await context.client.listEmployees(company.id).then(
      (employees) => employees.find((employee) => employee.id === employeeId) ?? null,
      () => null,
    );
    const file = await personalDataExport(
      actorOf(user, user.workspace.id),
      { connectionId: context.connection.id, company },
      employeeId,
      service,
    );
    return zipResponse(file);
  },
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export. */
export const recordExportsHandlers = {
  taxAudit,
  procedure,
  personalData,
} satisfies RouteHandlers<typeof contract>;
