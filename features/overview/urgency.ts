import { delivered, type MonthState } from "@/features/payroll/month-lock/states";
import type { OverviewSearchParams } from "./filters";
import type { DeadlineKind, OverviewRow } from "./schemas";

/**
 * What makes a row urgent (browser-safe, pure): the next date still ahead, whether the month is
 * overdue, the order of the rows and the URL's filters. Dates are calendar days `YYYY-MM-DD`
 * (the deadlines module's), today is Europe/Berlin's.
 */

export interface RowDates {
  cutOff: string;
  contributionStatement: string;
  statementLastDay: string;
  contributionsDue: string;
  wageTaxReturn: string;
}

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The next of the month's dates from today on (today included: 0 days left), the contribution
 * statement by its last day to send; null once all have passed. On the same day the firm's
 * cut-off comes first, then the statutory dates in their order.
 */
export function nextDeadline(
  dates: RowDates,
  today: string,
): { kind: DeadlineKind; date: string; daysLeft: number } | null {
  const candidates: [DeadlineKind, string][] = [
    ["cut_off", dates.cutOff],
    ["contribution_statement", dates.statementLastDay],
    ["contributions_due", dates.contributionsDue],
    ["wage_tax_return", dates.wageTaxReturn],
  ];
  let next: [DeadlineKind, string] | null = null;
  for (const candidate of candidates)
    if (candidate[1] >= today && (next === null || candidate[1] < next[1])) next = candidate;
  return next && { kind: next[0], date: next[1], daysLeft: daysBetween(today, next[1]) };
}

/**
 * A month is overdue once the last day to send its contribution statement has passed and it is
 * not transferred yet (counted from that day: 1 the day after it).
 */
export function overdueOf(
  state: MonthState,
  dates: RowDates,
  today: string,
): { overdue: boolean; overdueDays: number | null } {
  if (delivered(state) || today <= dates.statementLastDay) return { overdue: false, overdueDays: null };
  return { overdue: true, overdueDays: daysBetween(dates.statementLastDay, today) };
}

type Sortable = Pick<OverviewRow, "overdue" | "overdueDays" | "nextDate" | "name" | "companyId" | "connectionName"> &
  Partial<Pick<OverviewRow, "waitingForFirm">>;

const collator = new Intl.Collator("de", { sensitivity: "base", numeric: true });

/**
 * By urgency: overdue first (longest overdue first), then the months handed in by their clients
 * (the firm's turn now), then fewest days left to the next date (none last), then name.
 */
export function byUrgency(a: Sortable, b: Sortable): number {
  if (a.overdue !== b.overdue) return a.overdue ? -1 : 1;
  if (a.overdue && b.overdue && a.overdueDays !== b.overdueDays) return (b.overdueDays ?? 0) - (a.overdueDays ?? 0);
  if (Boolean(a.waitingForFirm) !== Boolean(b.waitingForFirm)) return a.waitingForFirm ? -1 : 1;
  const left = (row: Sortable) => row.nextDate?.daysLeft ?? Number.POSITIVE_INFINITY;
  if (left(a) !== left(b)) return left(a) - left(b);
  return (
    collator.compare(a.name, b.name) ||
    collator.compare(a.connectionName, b.connectionName) ||
    a.companyId - b.companyId
  );
}

type Filterable = Pick<
  OverviewRow,
  "mine" | "overdue" | "mayApprove" | "blockers" | "connectionId" | "connectionName" | "name" | "companyId"
>;

/** Whether a row passes the URL's filters (all of `show`, the connection, the search). */
export function matchesFilters(row: Filterable, params: OverviewSearchParams): boolean {
  for (const filter of params.show) {
    if (filter === "mine" && !row.mine) return false;
    if (filter === "overdue" && !row.overdue) return false;
    if (filter === "approval" && !row.mayApprove) return false;
    if (filter === "blocked" && !(row.blockers && row.blockers > 0)) return false;
  }
  if (params.connection && row.connectionId.toLowerCase() !== params.connection) return false;
  if (params.q) {
    const needle = params.q.toLocaleLowerCase("de");
    const haystack = `${row.name}\n${row.companyId}\n${row.connectionName}`.toLocaleLowerCase("de");
    if (!haystack.includes(needle)) return false;
  }
  return true;
}
