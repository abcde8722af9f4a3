import "server-only";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import type { CompanyRecord } from "@/features/payroll/connection/server/companies";
import { datevFileName, planFor } from "../export/make-file";
import { latestExport, planInput } from "./export";

/**
 * What the month close shows before `Export for DATEV`: the trial run's problems, the lines per
 * employee, and whether an earlier export of the month exists (a new one is then a correction,
 * and LODAS would import both unless the first import is removed).
 */
export async function datevPreview(request: {
  workspaceId: string;
  connectionId: string;
  client: PayrollClient;
  company: CompanyRecord;
  period: string;
}) {
  const [input, earlier] = await Promise.all([
    planInput(request),
    latestExport(request.connectionId, request.company.id, request.period),
  ]);
  const plan = planFor(input);
  const employees = input.employees
    .map((employee) => ({
      id: employee.id,
      name: employee.name,
      personnelNumber: employee.personnelNumber,
      hours: input.lines.hours.filter((line) => line.employee_id === employee.id).length,
      payments: input.lines.payments.filter((line) => line.employee_id === employee.id).length,
    }))
    .filter((employee) => employee.hours + employee.payments > 0);
  return {
    target: input.target,
    program: input.program,
    fileName: datevFileName(input.program, input.consultantNumber, input.clientNumber, request.period),
    earlierExport: earlier ? { createdAt: earlier.createdAt.toISOString(), sha256: earlier.sha256 } : null,
    problems: plan.ok ? [] : plan.problems,
    employees,
    lineCount: input.lines.hours.length + input.lines.payments.length,
  };
}
