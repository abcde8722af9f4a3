import "server-only";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import type { CompanyRecord } from "../../connection/server/companies";
import { berlinToday } from "@/lib/dates/berlin";
import { firstDayOfMonth } from "@/lib/dates/calendar";
import { employeeSchema, formFieldOf, type EmployeeContext, type EmployeeField } from "../employee-schema";
import { PayrollIdInUseError, PayrollValidationError } from "../../errors";
import { countries, healthInsurances } from "./reference-lists";
import type { Employee } from "../../upstream/schemas";

/** The smallest id above every id in use: what the form proposes. */
export function nextFreeId(employees: readonly Pick<Employee, "id">[]): number {
  return employees.reduce((max, employee) => Math.max(max, employee.id), 0) + 1;
}

export async function employeeContextFor(
  company: CompanyRecord,
  source: string,
  usedIds?: ReadonlySet<number>,
): Promise<EmployeeContext> {
  const [insurers, countryList] = await Promise.all([healthInsurances(source), countries(source)]);
  return {
    companyId: company.id,
    defaultEntry: firstDayOfMonth(company.current_month),
    today: berlinToday(),
    insurers: insurers.length ? new Map(insurers.map((insurer) => [insurer.number, insurer])) : undefined,
    countries: countryList.length ? new Set(countryList.map((country) => country.id)) : undefined,
    usedIds,
  };
}

export type CreateResult =
  | { ok: true; employee: Employee }
  | { ok: false; fields: Partial<Record<EmployeeField, string>>; message?: string; code: string };

/**
 * Creates one employee from the form's values: checked with the shared schema first (with the
 * reference lists and the company's ids), then sent once; the service's issues come back per field.
 */
export async function createEmployeeFromForm(
  client: PayrollClient,
  company: CompanyRecord,
  values: unknown,
): Promise<CreateResult> {
  const existing = await client.listEmployees(company.id);
  const context = await employeeContextFor(company, client.baseUrl, new Set(existing.map((employee) => employee.id)));
  const parsed = employeeSchema(context).safeParse(values);
  if (!parsed.success) {
    const fields: Partial<Record<EmployeeField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(String(issue.path[0] ?? ""));
      if (field) fields[field] ??= issue.message;
    }
    return { ok: false, code: "invalid", fields };
  }
  try {
    return { ok: true, employee: await client.createEmployee(company.id, parsed.data) };
  } catch (error) {
    if (error instanceof PayrollValidationError || error instanceof PayrollIdInUseError) {
      const fields: Partial<Record<EmployeeField, string>> = {};
      for (const issue of error.issues) {
        const field = formFieldOf(issue.field);
        if (field) fields[field] ??= `service:${issue.message}`;
      }
      return { ok: false, code: error.code, fields, message: error.message };
    }
    throw error;
  }
}
