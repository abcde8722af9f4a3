import "server-only";
import { withDeadline } from "@/lib/http/deadline";
import { payrollFor } from "@/features/payroll/server/access";
import type { AuditNames } from "@/lib/audit/present";

/**
 * The names beside an entry's numbers, for the page and the CSV: companies by the name the
 * workspace's connections know them by (stored, lib/audit/server/query.ts `auditCompanies`), employees
 * by the payroll service's current list of the company (the trail keeps numbers: an employee's
 * number is what the service and the transfers know them by; their name is looked up when shown).
 *
 * Reaching the service goes through `payrollFor` with `payroll.read`, so a member who may not read
 * payroll sees numbers alone. The names are a help, not the record: a service that fails or does
 * not answer within NAMES_BUDGET_MS leaves that company's numbers without names.
 */

const NAMES_BUDGET_MS = 3_000;

/** `${companyId}:${employeeId}` → "First Last" of each company's employees that could be read. */
export async function employeeNames(
  userId: string,
  workspaceId: string,
  companyIds: Iterable<number>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const at = Date.now() + NAMES_BUDGET_MS;
  await Promise.all(
    [...new Set(companyIds)].map((companyId) =>
      withDeadline(at, async () => {
        const { client } = await payrollFor({ userId, workspaceId }, "payroll.read", { companyId: String(companyId) });
        for (const employee of await client.listEmployees(companyId)) {
          const name = `${employee.first_name} ${employee.last_name}`.trim();
          if (name) names.set(`${companyId}:${employee.id}`, name);
        }
      }).catch(() => undefined),
    ),
  );
  return names;
}

/** The lookups `presentEntry` and the CSV take, from company labels and employee names. */
export function auditNamesOf(
  companies: ReadonlyMap<number, string>,
  employees: ReadonlyMap<string, string>,
): AuditNames {
  return {
    company: (companyId) => companies.get(companyId) ?? null,
    employee: (companyId, employeeId) =>
      companyId === null ? null : (employees.get(`${companyId}:${employeeId}`) ?? null),
  };
}
