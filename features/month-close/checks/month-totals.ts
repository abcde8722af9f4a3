import { isBlank, type GridSpec, type LineOutcome } from "@/features/payroll/grid/model";
import { gridSpecFor } from "@/features/payroll/entries/grid-spec";
import { HOURS_FIELDS, type EntryKind, type StoredLine } from "@/features/payroll/entries/kinds";
import { PAY_CAP_EXCLUDED_PAYMENTS, WORKED_HOURS_TYPES } from "./tables";

/** Column positions of the hours fields the rules read. */
export const HOURS_COLUMN = {
  type: HOURS_FIELDS.indexOf("type"),
  hours: HOURS_FIELDS.indexOf("total_hours"),
  rate: HOURS_FIELDS.indexOf("total_amount"),
  date: HOURS_FIELDS.indexOf("date"),
} as const;

/** What the per-employee rules need of a month, summed while its lines are read once. */
export interface EmployeeMonth {
  lines: number;
  /** Hours worked (WORKED_HOURS_TYPES) in micro-hours (whole numbers, exact up to 9 billion hours). */
  workedMicros: number;
  /** Every line's computed amount, in cents. */
  payCents: bigint;
  /** The amounts that count against a pay cap, in cents. */
  capCents: bigint;
  /** Hours worked per day, with the day's first line (where the finding points). */
  days: Map<string, { micros: number; lineId: string }>;
}

/** One non-blank line as the grid sees it: cells in the kind's column order and the grid's verdict. */
export interface ReadLine {
  line: StoredLine;
  cells: string[];
  outcome: LineOutcome;
}

const specs = new Map<string, GridSpec>();

/** The grid's own validation and computation (one spec per kind and month, kept: its cell verdicts are memoised). */
export function specFor(kind: EntryKind, period: string): GridSpec {
  const key = `${kind}:${period}`;
  let spec = specs.get(key);
  if (!spec) {
    if (specs.size >= 8) specs.clear();
    spec = gridSpecFor(kind, period);
    specs.set(key, spec);
  }
  return spec;
}

type Values = StoredLine["values"];

/**
 * A line's cells in its kind's column order (fieldsOf), read by name: named property reads are
 * several times faster than reads by a computed key while the code is still cold, which is the
 * first run in a page. month-totals.test.ts holds these to fieldsOf.
 */
export const CELLS_OF: Record<EntryKind, (values: Values) => string[]> = {
  hours: (v) => [
    v.type ?? "",
    v.total_hours ?? "",
    v.total_amount ?? "",
    v.surcharge ?? "",
    v.date ?? "",
    v.cost_center_id ?? "",
    v.cost_object_id ?? "",
  ],
  payments: (v) => [v.type ?? "", v.count ?? "", v.amount ?? ""],
};

/** Calls `visit` for each non-blank line with its cells and the grid's outcome. */
export function readLines(
  kind: EntryKind,
  period: string,
  lines: readonly StoredLine[],
  visit: (read: ReadLine) => void,
): void {
  const spec = specFor(kind, period);
  const cellsOf = CELLS_OF[kind];
  for (const line of lines) {
    const cells = cellsOf(line.values);
    if (isBlank(cells)) continue;
    visit({ line, cells, outcome: spec.evaluate(cells) });
  }
}

export function emptyMonth(): EmployeeMonth {
  return { lines: 0, workedMicros: 0, payCents: 0n, capCents: 0n, days: new Map() };
}

/**
 * A valid decimal cell in micro-units as a whole number, or null when empty or invalid. The grid's
 * schema allows at most 9 whole digits and 6 decimals, so the product is an exact integer
 * below 2^53 (no BigInt per line: the checks read thousands).
 */
export function microsOf({ cells, outcome }: ReadLine, col: number): number | null {
  const text = cells[col] ?? "";
  if (text === "" || outcome.errors[col]) return null;
  return Math.round(Number(text) * 1_000_000);
}

/** A valid, non-empty date of an hours line, or null. */
export function dateOf({ cells, outcome }: ReadLine): string | null {
  if (outcome.errors[HOURS_COLUMN.date]) return null;
  return cells[HOURS_COLUMN.date] || null;
}

/** Adds a line to its employee's month. */
export function accumulate(kind: EntryKind, read: ReadLine, month: EmployeeMonth): void {
  month.lines += 1;
  const cents = read.outcome.cents ?? 0n;
  month.payCents += cents;
  const type = read.cells[0] ?? "";
  if (kind === "payments") {
    if (!PAY_CAP_EXCLUDED_PAYMENTS.has(type)) month.capCents += cents;
    return;
  }
  month.capCents += cents;
  if (!WORKED_HOURS_TYPES.has(type)) return;
  const micros = microsOf(read, HOURS_COLUMN.hours);
  if (micros === null) return;
  month.workedMicros += micros;
  const date = dateOf(read);
  if (!date) return;
  const day = month.days.get(date);
  if (day) day.micros += micros;
  else month.days.set(date, { micros, lineId: read.line.id });
}

// The last transferred month does not change while people edit this one: its sums are kept per input object.
const monthsCache = new WeakMap<object, ReadonlyMap<number, EmployeeMonth>>();

/** Each employee's month of a set of lines (the last transferred month, for the change check); not to be changed. */
export function monthsOf(lines: {
  period: string;
  hours: readonly StoredLine[];
  payments: readonly StoredLine[];
}): ReadonlyMap<number, EmployeeMonth> {
  const known = monthsCache.get(lines);
  if (known) return known;
  const { period, hours, payments } = lines;
  const months = new Map<number, EmployeeMonth>();
  const add = (kind: EntryKind) => (read: ReadLine) => {
    let month = months.get(read.line.employee_id);
    if (!month) months.set(read.line.employee_id, (month = emptyMonth()));
    accumulate(kind, read, month);
  };
  readLines("hours", period, hours, add("hours"));
  readLines("payments", period, payments, add("payments"));
  monthsCache.set(lines, months);
  return months;
}
