import "server-only";
import { withoutRestricted } from "@/features/records/erasure/server/restricted";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { publicHolidaysIn } from "@/features/month-close/checks/holidays";
import type { MonthCheckInput } from "@/features/month-close/checks/schemas";
import { readTransferLines } from "@/features/payroll/entries/server/history";
import { ENTRY_KINDS, type EntryKind, type StoredLine } from "@/features/payroll/entries/kinds";
import { linesFromDraftRows } from "../sealing/snapshot";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { ensureReferenceLists, healthInsurances } from "@/features/payroll/employees/server/reference-lists";
import type { Employee } from "@/features/payroll/upstream/schemas";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import type { CheckContext } from "../gate";
import { companyCheckSettings, employeeCheckSettings } from "../settings/server/read";
import { log } from "@/lib/log/logger";

/**
 * The one place a month's checks input (features/month-close/checks `MonthCheckInput`) is put
 * together on the server, for the gate of submit and approval, the page (which runs the checks
 * itself while people type) and the company list. The connection id must already be one the
 * person may reach (features/payroll/server/access.ts): this reads by it, it does not authorize.
 *
 * - lines: the month's draft lines of both kinds, blank and removed lines left out;
 * - employees: the payroll service's list of the company (name, health insurance), by id;
 * - insurers: the service's reference list as cached in the app (downloaded when missing);
 * - settings: the app's company and employee check settings (settings/read.ts);
 * - public holidays: the confirmed Land's, in the period (none without a Land);
 * - previous: the last month before this one with a successful transfer, each kind's last
 *   successful set of that month (null before the first).
 */

type Db = Prisma.TransactionClient | ReturnType<typeof getDb>;

/**
 * The month's draft lines of both kinds as stored, blank lines left out. Read through `db` (a
 * transition's transaction), so they are what the transition's locks hold still.
 */
export async function monthLines(db: Db, key: MonthKey): Promise<Record<EntryKind, StoredLine[]>> {
  const rows = await db.payrollEntryDraftLine.findMany({
    // Removed lines stay as markers for co-editing streams (`deleted`): they are not the month's.
    where: { connectionId: key.connectionId, companyId: key.companyId, period: key.period, deleted: false },
    // Per employee, then as placed in the grid: the order the grid shows and the service receives,
    // whatever order concurrent saves happened to append the lines in.
    orderBy: [{ kind: "asc" }, { employeeId: "asc" }, { position: "asc" }],
    select: { kind: true, lineId: true, employeeId: true, values: true },
  });
  return linesFromDraftRows(rows);
}

/** The last month before `period` with a successful transfer: each kind's last accepted lines of it. */
export async function previousMonth(
  connectionId: string,
  companyId: number,
  period: string,
): Promise<MonthCheckInput["previous"]> {
  const db = getDb();
  const last = await db.payrollEntryTransfer.findFirst({
    where: { connectionId, companyId, outcome: "succeeded", period: { lt: period } },
    orderBy: [{ period: "desc" }, { createdAt: "desc" }],
    select: { period: true },
  });
  if (!last) return null;
  const month: NonNullable<MonthCheckInput["previous"]> = { period: last.period, hours: [], payments: [] };
  for (const kind of ENTRY_KINDS) {
    const row = await db.payrollEntryTransfer.findFirst({
      where: { connectionId, companyId, kind, outcome: "succeeded", period: last.period },
      orderBy: { createdAt: "desc" },
      select: { id: true, lines: true },
    });
    if (row) month[kind] = readTransferLines(row.id, row.lines).lines;
  }
  return month;
}

/** The company's employees as the checks read them, in the grid's order (by id). */
export function checkEmployees(employees: readonly Employee[]): CheckContext["employees"] {
  return employees
    .map((employee) => ({
      id: employee.id,
      firstName: employee.first_name,
      lastName: employee.last_name,
      healthInsurance: employee.health_insurance || null,
    }))
    .sort((a, b) => a.id - b.id);
}

async function insurersOf(client: PayrollClient): Promise<CheckContext["insurers"]> {
  try {
    await ensureReferenceLists(client);
  } catch (error) {
    // The cached list (if any) is used; without one, the ended-insurer check finds nothing to compare.
    log.error({ err: error }, "month-close checks: the health insurance list could not be refreshed");
  }
  return healthInsurances(client.baseUrl);
}

/**
 * Everything but the lines. `employees` may be passed when the caller has just read them from
 * the service (one call less); otherwise they are read here.
 */
export async function checkContext(
  key: MonthKey,
  client: PayrollClient,
  employees?: readonly Employee[],
): Promise<CheckContext> {
  const [listed, insurers, company, employeeSettings, previous] = await Promise.all([
    employees ?? client.listEmployees(key.companyId),
    insurersOf(client),
    companyCheckSettings(key.connectionId, key.companyId),
    employeeCheckSettings(key.connectionId, key.companyId),
    previousMonth(key.connectionId, key.companyId, key.period),
  ]);
  return {
    employees: checkEmployees(await withoutRestricted(key.connectionId, key.companyId, listed, key.period)),
    insurers,
    employeeSettings,
    company,
    publicHolidays: company.federalState ? publicHolidaysIn(company.federalState, key.period) : [],
    previous,
  };
}

/** The whole input of one run of the checks: the context and the month's stored draft lines. */
export async function monthCheckInput(
  key: MonthKey,
  client: PayrollClient,
  employees?: readonly Employee[],
): Promise<MonthCheckInput> {
  const [context, lines] = await Promise.all([checkContext(key, client, employees), monthLines(getDb(), key)]);
  return { ...context, month: { period: key.period, ...lines } };
}
