import "server-only";
import { withDeadline } from "@/lib/http/deadline";
import { payrollFor } from "@/features/payroll/server/access";
import { restrictedEmployees } from "@/features/records/erasure/server/restricted";
import type { AuditNames } from "@/lib/audit/present";
import { formatDay } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";

/**
 * The names beside an entry's numbers, for the page and the CSV: companies by the name the
 * workspace's connections know them by (stored, lib/audit/server/query.ts `auditCompanies`), employees
 * by the payroll service's current list of the company (the trail keeps numbers: an employee's
 * number is what the service and the transfers know them by; their name is looked up when shown).
 *
 * Reaching the service goes through `payrollFor` with `payroll.read`, so a member who may not read
 * payroll sees numbers alone. The names are a help, not the record: a service that fails or does
 * not answer within NAMES_BUDGET_MS leaves that company's numbers without names.
 *
 * An employee under an erasure request is marked wherever shown (docs/erasure.md): `mark` gets the
 * Berlin day of the request ("Restricted (erasure requested on 30.11.2026)"), put after the name, or
 * alone where the service no longer lists them.
 */

const NAMES_BUDGET_MS = 3_000;

/** `${companyId}:${employeeId}` → "First Last" of each company's employees that could be read. */
export async function employeeNames(
  userId: string,
  workspaceId: string,
  companyIds: Iterable<number>,
  mark?: (requestedOn: string) => string,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const at = Date.now() + NAMES_BUDGET_MS;
  await Promise.all(
    [...new Set(companyIds)].map((companyId) =>
      withDeadline(at, async () => {
        const { client, connection } = await payrollFor({ userId, workspaceId }, "payroll.read", {
          companyId: String(companyId),
        });
        const [employees, restricted] = await Promise.all([
          client.listEmployees(companyId),
          mark ? restrictedEmployees(connection.id, companyId) : new Map<number, string>(),
        ]);
        for (const employee of employees) {
          const name = `${employee.first_name} ${employee.last_name}`.trim();
          if (name) names.set(`${companyId}:${employee.id}`, name);
        }
        for (const [employeeId, requestedOn] of restricted) {
          const key = `${companyId}:${employeeId}`;
          const name = names.get(key);
          names.set(key, name ? `${name} — ${mark!(requestedOn)}` : mark!(requestedOn));
        }
      }).catch(() => undefined),
    ),
  );
  return names;
}

/** The mark of an employee under an erasure request, as the grid and the employee list show it. */
export function restrictedMark(t: Translate, locale: Locale): (requestedOn: string) => string {
  return (requestedOn) => t("erasure.restricted", { date: formatDay(locale, requestedOn) });
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
