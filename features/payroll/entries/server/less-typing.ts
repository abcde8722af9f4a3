import "server-only";
import { dayInMonth } from "@/lib/dates/calendar";
import { getDb } from "@/lib/db/client";
import { readTransferLines } from "./history";
import { RATE_FIELD, type EntryKind, type StoredLine } from "../kinds";

/**
 * Less typing in a new month: its draft can start from the last transferred set of the kind, and
 * each employee's rate per type is remembered from the transfers and proposed in new lines.
 * Both read only what was accepted (successful transfers) of the connection and company.
 */

/** How many of the newest successful transfers the remembered rates look back over. */
const RATE_TRANSFERS = 12;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A line's date moved into `period` (`YYYY-MM`): the same day of the month, clamped to the
 * month's last day (the 31st becomes the 30th of November). A clerk repeating last month's
 * pattern expects the same days; a Sunday premium that no longer falls on a Sunday is what the
 * month-close checks then point out. Anything that is not a date stays as it is.
 */
export function moveDate(text: string, period: string): string {
  const match = ISO_DAY.exec(text);
  if (!match) return text;
  return dayInMonth(period, Number(match[3]));
}

/** Lines of another month as the start of `period`: dates moved, only employees still listed. */
export function startLines(
  lines: readonly StoredLine[],
  period: string,
  employeeIds: ReadonlySet<number>,
): { lines: StoredLine[]; leftOut: number } {
  const kept = lines.filter((line) => employeeIds.has(line.employee_id) && Object.keys(line.values).length > 0);
  return {
    lines: kept.map((line) => ({
      ...line,
      values: line.values.date ? { ...line.values, date: moveDate(line.values.date, period) } : { ...line.values },
    })),
    leftOut: lines.length - kept.length,
  };
}

export interface LastTransferredSet {
  /** The month it was sent for, `YYYY-MM`. */
  period: string;
  lines: StoredLine[];
  /** Lines of employees the company no longer lists: not offered. */
  leftOut: number;
}

/** The newest successful transfer of the kind for a month before `period`, as the start of `period`; null when there is none. */
export async function lastTransferredSet(
  connectionId: string,
  companyId: number,
  period: string,
  kind: EntryKind,
  employeeIds: ReadonlySet<number>,
): Promise<LastTransferredSet | null> {
  const row = await getDb().payrollEntryTransfer.findFirst({
    where: { connectionId, companyId, kind, outcome: "succeeded", period: { lt: period } },
    orderBy: [{ period: "desc" }, { createdAt: "desc" }],
    select: { id: true, period: true, lines: true },
  });
  if (!row) return null;
  const start = startLines(readTransferLines(row.id, row.lines).lines, period, employeeIds);
  return start.lines.length ? { period: row.period, ...start } : null;
}

/** employee id → type → rate, as canonical decimal text. */
export type RememberedRates = Record<string, Record<string, string>>;

/**
 * Each employee's rate per type from the newest successful transfer that has one (of the last
 * few): one value per employee and type, small enough to send with the page.
 */
export async function rememberedRates(
  connectionId: string,
  companyId: number,
  kind: EntryKind,
): Promise<RememberedRates> {
  const rows = await getDb().$queryRaw<{ employee_id: number; type: string; rate: string }[]>`
    SELECT DISTINCT ON (employee_id, type) employee_id, type, rate
    FROM (
      SELECT t.created_at, line.ordinality,
             CASE WHEN jsonb_typeof(line.value->'employee_id') = 'number' THEN (line.value->>'employee_id')::numeric::int END AS employee_id,
             line.value->'values'->>'type' AS type,
             line.value->'values'->>${RATE_FIELD[kind]} AS rate
      FROM (
        SELECT id, created_at, lines FROM payroll_entry_transfers
        WHERE connection_id = ${connectionId}::uuid AND company_id = ${companyId} AND kind = ${kind} AND outcome = 'succeeded' AND jsonb_typeof(lines) = 'array'
        ORDER BY created_at DESC
        LIMIT ${RATE_TRANSFERS}
      ) t
      CROSS JOIN LATERAL jsonb_array_elements(t.lines) WITH ORDINALITY AS line(value, ordinality)
    ) sent
    WHERE employee_id IS NOT NULL AND type <> '' AND rate ~ '^-?[0-9]+([.][0-9]+)?$'
    ORDER BY employee_id, type, created_at DESC, ordinality DESC`;
  const rates: RememberedRates = {};
  for (const row of rows) {
    const key = String(row.employee_id);
    (rates[key] ??= {})[row.type] = row.rate;
  }
  return rates;
}
