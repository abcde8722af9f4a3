import "server-only";
import { withoutRestricted } from "@/features/records/erasure/server/restricted";
import { recordEmployeeCreated } from "@/features/payroll/employees/server/audit";
import { auditActorOf } from "@/lib/audit/server/record";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { payrollActor } from "./access";
import { BaseUrlNotAllowedError, connectPayroll } from "../connection/server/connection";
import {
  choosePayrollConnection,
  deletePayrollData,
  disconnectPayroll,
} from "../connection/server/workspace-connections";
import { payrollContract as contract } from "../contract";
import { deleteDraft, saveDraft } from "../employees/server/onboarding-draft";
import { createEmployeeFromForm } from "../employees/server/employees";
import { PayrollUnauthorizedError } from "../errors";
import { createImport, importProgress, importReport, setImportPaused } from "../imports/server/imports";
import { startImport } from "../imports/server/jobs";
import { refreshReferenceLists } from "../employees/server/reference-lists";
import { companyFromParam, payrollRoute } from "./route-helpers";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";

/**
 * The handlers behind `app/api/payroll/**` (the route files only export them). Answers are the
 * envelope of lib/http/envelope.ts; codes and statuses from lib/http/api-error.ts.
 */

/** Adds a customer to the workspace, or reconnects a kept one (owners: `payroll.manage`). */
export const postConnection = withRoute({ ...contract.connect, maxBodyBytes: 4096 }, async ({ user, body }) => {
  try {
    const connection = await connectPayroll(payrollActor(user), body, auditActorOf(user));
    return successResponse({
      connection: { id: connection.id, username: connection.username, baseUrl: connection.baseUrl },
    });
  } catch (error) {
    if (error instanceof BaseUrlNotAllowedError)
      throw new ApiError("invalid", error.message, { fields: { baseUrl: "baseUrlNotAllowed" } });
    // The key typed in was refused: bad input (422), unlike a stored key the service stops accepting (key_refused).
    if (error instanceof PayrollUnauthorizedError)
      throw new ApiError("invalid", "The payroll service did not accept the API key.", {
        detail: error.detail,
        fields: { apiKey: "keyRefused" },
      });
    throw error;
  }
});

/** The connection chooser of /payroll: the person works on this one of the workspace's connections. */
export const putChosenConnection = withRoute(
  { ...contract.chooseConnection, maxBodyBytes: 1024 },
  async ({ user, body }) => {
    await choosePayrollConnection(payrollActor(user), body.connectionId);
    return successResponse({ chosen: body.connectionId });
  },
);

/** Disconnect `?id=` (owners): the key goes, drafts, import reports and transfers stay for the same customer. */
export const deleteConnection = withRoute(
  { ...contract.disconnect, recentConfirmation: true },
  async ({ user, query }) =>
    successResponse({ disconnected: await disconnectPayroll(payrollActor(user), query.id, auditActorOf(user)) }),
);

/** "Delete all payroll data" of connection `?id=` (owners, confirmed in the browser): the connection and everything kept with it. */
export const deleteData = withRoute({ ...contract.deleteData, recentConfirmation: true }, async ({ user, query }) =>
  successResponse({ deleted: await deletePayrollData(payrollActor(user), query.id, auditActorOf(user)) }),
);

export const listEmployees = payrollRoute(
  { ...contract.listEmployees, permission: "payroll.read" },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    // Employees under an erasure request are restricted: left out of every list (features/records/erasure).
    const employees = await context.client.listEmployees(company.id);
    return successResponse({ employees: await withoutRestricted(context.connection.id, company.id, employees) });
  },
);

/** The form's values are checked against the company's reference lists in createEmployeeFromForm. */
export const postEmployee = payrollRoute(
  { ...contract.createEmployee, permission: "payroll.edit", maxBodyBytes: 16_384 },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    const result = await createEmployeeFromForm(context.client, company, context.body);
    if (!result.ok) {
      // The service's own code and text go along as detail; the code is one of the envelope's.
      const code =
        result.code === "invalid" ? "invalid" : result.code === "EMPLOYEE_ID_IN_USE" ? "conflict" : "refused";
      throw new ApiError(code, undefined, {
        fields: result.fields as Record<string, string>,
        detail: result.message,
        extra: code === "invalid" ? {} : { serviceCode: result.code },
      });
    }
    // Audit trail: the employee exists upstream now, whatever happens to the form's draft.
    await recordEmployeeCreated(auditActorOf(context.user), company, result.employee);
    await deleteDraft(context.connection.id, company.id);
    return successResponse({ employee: result.employee }, 201);
  },
);

export const putOnboardingDraft = payrollRoute(
  { ...contract.saveOnboardingDraft, permission: "payroll.edit", maxBodyBytes: 16_384 },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    await saveDraft(context.connection.id, company.id, context.body);
    return successResponse({ saved: true });
  },
);

export const deleteOnboardingDraft = payrollRoute(
  { ...contract.deleteOnboardingDraft, permission: "payroll.edit" },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    await deleteDraft(context.connection.id, company.id);
    return successResponse({ deleted: true });
  },
);

/** The rows are checked by createImport (a ZodError answers 422 `invalid`). */
export const postImport = payrollRoute(
  { ...contract.createImport, permission: "payroll.edit", maxBodyBytes: 8 * 1024 * 1024 },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    const id = await createImport(
      context.connection.id,
      company,
      context.client,
      context.body as never,
      auditActorOf(context.user),
    );
    await startImport(id);
    return successResponse({ import: await importProgress(context.connection.id, id) }, 201);
  },
);

const noSuchImport = () => new ApiError("not_found", "There is no such import.");

export const getImport = payrollRoute({ ...contract.getImport, permission: "payroll.read" }, async (context) => {
  const { importId } = context.params;
  const progress = await importProgress(context.connection.id, importId);
  if (!progress) throw noSuchImport();
  const wantReport = context.query.report === "1";
  return successResponse({
    import: progress,
    ...(wantReport ? { report: await importReport(context.connection.id, importId) } : {}),
  });
});

export const postImportAction = payrollRoute(
  { ...contract.pauseOrResumeImport, permission: "payroll.edit", maxBodyBytes: 1024 },
  async (context) => {
    const { importId } = context.params;
    if (!(await importProgress(context.connection.id, importId))) throw noSuchImport();
    const changed = await setImportPaused(context.connection.id, importId, context.body.action === "pause");
    if (changed && context.body.action === "resume") await startImport(importId);
    return successResponse({ changed, import: await importProgress(context.connection.id, importId) });
  },
);

export const postReferenceListsRefresh = payrollRoute(
  { ...contract.refreshReferenceLists, permission: "payroll.read" },
  async (context) => successResponse({ counts: await refreshReferenceLists(context.client) }),
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const payrollHandlers = {
  connect: postConnection,
  chooseConnection: putChosenConnection,
  disconnect: deleteConnection,
  deleteData,
  listEmployees,
  createEmployee: postEmployee,
  saveOnboardingDraft: putOnboardingDraft,
  deleteOnboardingDraft,
  createImport: postImport,
  getImport,
  pauseOrResumeImport: postImportAction,
  refreshReferenceLists: postReferenceListsRefresh,
} satisfies RouteHandlers<typeof contract>;
