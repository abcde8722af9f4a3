import "server-only";
import { getDb } from "@/lib/db/client";
import { DEFAULT_COMPANY_HOURS_LIMIT } from "@/features/month-close/checks/tables";
import { FEDERAL_STATES, type FederalState } from "@/features/month-close/checks/federal-states";
import type { MonthCheckInput } from "@/features/month-close/checks/schemas";

export type CompanyCheckSettings = MonthCheckInput["company"];
export type EmployeeCheckSettings = MonthCheckInput["employeeSettings"][number];

function federalStateOf(value: string | null): FederalState | null {
  return value !== null && (FEDERAL_STATES as readonly string[]).includes(value) ? (value as FederalState) : null;
}

/**
 * A company's check settings as kept in the app: no row means no Land confirmed yet and the
 * default hours limit. The connection id must already be one the person may reach
 * (features/payroll/server/access.ts): this reads by it, it does not authorize.
 */
export async function companyCheckSettings(connectionId: string, companyId: number): Promise<CompanyCheckSettings> {
  const row = await getDb().payrollCompanySettings.findUnique({
    where: { connectionId_companyId: { connectionId, companyId } },
  });
  return {
    federalState: federalStateOf(row?.federalState ?? null),
    monthlyHoursLimit: row ? Number(row.monthlyHoursLimit) : DEFAULT_COMPANY_HOURS_LIMIT,
  };
}

/** The employees' check settings of a company that have any (employees without a row have none). */
export async function employeeCheckSettings(connectionId: string, companyId: number): Promise<EmployeeCheckSettings[]> {
  const rows = await getDb().payrollEmployeeSettings.findMany({
    where: { connectionId, companyId },
    orderBy: { employeeId: "asc" },
  });
  return rows.map((row) => ({
    employeeId: row.employeeId,
    payCap: row.payCap,
    monthlyHoursLimit: row.monthlyHoursLimit === null ? null : Number(row.monthlyHoursLimit),
  }));
}
