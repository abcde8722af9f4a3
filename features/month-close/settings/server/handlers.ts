import "server-only";
import { auditActorOf } from "@/lib/audit/server/record";
import { successResponse } from "@/lib/http/api-error";
import { companyFromParam, payrollRoute } from "@/features/payroll/server/route-helpers";
import { monthCloseContract as contract } from "../../contract";
import { saveCompanyCheckSettings, saveEmployeeCheckSettings } from "./service";

/**
 * The handlers behind `app/api/month-close/[companyId]/check-settings` (PUT the company's
 * Land and hours limit) and `…/employees/[employeeId]/check-settings` (PUT an employee's pay cap
 * and hours limit), in the envelope. Bad input: 422 `invalid` with `fields` (codes of
 * `checkSettings.errors`); an employee the service does not list for the company: 404.
 */

export const putCompanyCheckSettings = payrollRoute(
  { ...contract.setCompanySettings, permission: "payroll.edit", maxBodyBytes: 1024 },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    const settings = await saveCompanyCheckSettings(
      auditActorOf(context.user),
      context.connection.id,
      company.id,
      context.body,
    );
    return successResponse({ settings });
  },
);

export const putEmployeeCheckSettings = payrollRoute(
  { ...contract.setEmployeeSettings, permission: "payroll.edit", maxBodyBytes: 1024 },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    const employeeId = Number(context.params.employeeId);
    // The id comes from the request: it must be one of the company's employees at the service.
    const found = (await context.client.listEmployees(company.id)).find((employee) => employee.id === employeeId);
    const employee = found ? { id: found.id, name: `${found.first_name} ${found.last_name}`.trim() } : null;
    const settings = await saveEmployeeCheckSettings(
      auditActorOf(context.user),
      context.connection.id,
      company.id,
      employee,
      context.body,
    );
    return successResponse({ settings });
  },
);
