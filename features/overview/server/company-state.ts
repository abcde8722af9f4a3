import "server-only";
import { withoutRestricted } from "@/features/records/erasure/server/restricted";
import { nowMs } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { toApiError } from "@/lib/http/api-error";
import { monthGate, type CheckContext } from "@/features/month-close/gate";
import { checkContext, checkEmployees, monthLines } from "@/features/month-close/server/check-input";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { inputStamps } from "./input-stamps";

/**
 * A company's stored overview state (`payroll_company_states`): its employees as the checks read
 * them, and the month's blockers, warnings and unacknowledged warnings, computed with the month
 * close's own check input and gate (features/month-close/server/check-input.ts, features/month-close/gate.ts).
 * - `refreshCompany` reads the company's employees from the service (one call) and checks;
 * - `recheckCompany` checks again with the stored employees, no call to the service: for a change
 *   on the app's side only (drafts, the month, acknowledgements, settings; found by ./input-stamps.ts).
 * The connection must be one the caller may use (jobs act for the workspace): this does not authorize.
 */

export type StoredEmployees = CheckContext["employees"];

interface Counts {
  blockers: number;
  warnings: number;
  unacknowledged: number;
}

/** The month's findings as the gate of submit and approval counts them. */
async function countFindings(key: MonthKey, client: PayrollClient, employees: StoredEmployees): Promise<Counts> {
  const db = getDb();
  // The employees are given (no call to the service); the rest of the context is the month close's.
  const [context, lines, month] = await Promise.all([
    checkContext(key, client, []),
    monthLines(db, key),
    db.monthClose.findUnique({
      where: { connectionId_companyId_period: key },
      select: { round: true, acknowledgements: { select: { warningId: true, round: true } } },
    }),
  ]);
  const acknowledged = new Set(
    (month?.acknowledgements ?? []).filter((ack) => ack.round === month?.round).map((ack) => ack.warningId),
  );
  const gate = monthGate({ ...context, employees, month: { period: key.period, ...lines } }, acknowledged);
  return { blockers: gate.blockers.length, warnings: gate.warnings.length, unacknowledged: gate.unacknowledged.length };
}

async function store(
  key: MonthKey,
  data: Omit<Prisma.PayrollCompanyStateUncheckedCreateInput, "connectionId" | "companyId">,
): Promise<void> {
  const where = { connectionId_companyId: { connectionId: key.connectionId, companyId: key.companyId } };
  await getDb().payrollCompanyState.upsert({
    where,
    create: { connectionId: key.connectionId, companyId: key.companyId, ...data },
    update: data,
  });
}

/** Why a refresh failed, in words fit for the overview (never a key, a body or a stack). */
export function refreshErrorText(error: unknown): string {
  const failure = toApiError(error);
  return failure.detail ? `${failure.message} (${failure.detail.slice(0, 200)})` : failure.message;
}

/** Reads the company's employees and checks its month; a failure is stored as the state's last error (and returned). */
export async function refreshCompany(key: MonthKey, client: PayrollClient): Promise<unknown> {
  try {
    // Taken before reading: a change made meanwhile has a later stamp and is checked again by the sweep.
    const stamp = (await inputStamps(key.connectionId, [key.companyId])).get(key.companyId) ?? null;
    // Employees under an erasure request are not cached here for months after their request (features/records/erasure).
    const listed = await client.listEmployees(key.companyId);
    const employees = checkEmployees(await withoutRestricted(key.connectionId, key.companyId, listed, key.period));
    const counts = await countFindings(key, client, employees);
    const at = new Date(nowMs());
    await store(key, {
      period: key.period,
      employeeCount: employees.length,
      employees,
      ...counts,
      inputsAt: stamp,
      checkedAt: at,
      refreshedAt: at,
      lastError: null,
      lastErrorAt: null,
    });
    return null;
  } catch (error) {
    await store(key, { lastError: refreshErrorText(error), lastErrorAt: new Date(nowMs()) });
    return error;
  }
}

/** Checks the month again with the stored employees (no call to the service). */
export async function recheckCompany(key: MonthKey, client: PayrollClient, employees: StoredEmployees): Promise<void> {
  const stamp = (await inputStamps(key.connectionId, [key.companyId])).get(key.companyId) ?? null;
  const counts = await countFindings(key, client, employees);
  await store(key, { period: key.period, ...counts, inputsAt: stamp, checkedAt: new Date(nowMs()) });
}
