import "server-only";
import { getDb } from "@/lib/db/client";
import { berlinToday } from "@/lib/dates/berlin";

/**
 * The employees of a company under an erasure request (restricted or erased), with the Berlin day
 * each was requested: the one place the lists and new months' grids ask whom to leave out
 * (Art. 18 GDPR: kept for the retention's purposes only, docs/erasure.md).
 */
export async function restrictedEmployees(connectionId: string, companyId: number): Promise<Map<number, string>> {
  const rows = await getDb().erasureRequest.findMany({
    where: { connectionId, companyId },
    select: { employeeId: true, requestedAt: true },
  });
  return new Map(rows.map((row) => [row.employeeId, berlinToday(row.requestedAt)]));
}

/**
 * The employees a list or a month's grid and checks show: those under an erasure request left out
 * of every list (no `period`) and of every month after the one they were requested in; a month up
 * to that one keeps them (its lines of theirs stay readable, the pages mark them).
 */
export async function withoutRestricted<Employee extends { id: number }>(
  connectionId: string,
  companyId: number,
  employees: readonly Employee[],
  period?: string,
): Promise<Employee[]> {
  const restricted = await restrictedEmployees(connectionId, companyId);
  if (restricted.size === 0) return [...employees];
  return employees.filter((employee) => {
    const requestedOn = restricted.get(employee.id);
    return requestedOn === undefined || (period !== undefined && period <= requestedOn.slice(0, 7));
  });
}

/**
 * The employees with each restricted one's name marked (`mark` gets the Berlin day of the request),
 * for pages that still show them (a month up to the request's keeps its lines of theirs).
 */
export async function markRestricted<Employee extends { id: number; name: string }>(
  connectionId: string,
  companyId: number,
  employees: readonly Employee[],
  mark: (requestedOn: string) => string,
): Promise<Employee[]> {
  const restricted = await restrictedEmployees(connectionId, companyId);
  return employees.map((employee) => {
    const requestedOn = restricted.get(employee.id);
    return requestedOn === undefined ? employee : { ...employee, name: `${employee.name} — ${mark(requestedOn)}` };
  });
}
