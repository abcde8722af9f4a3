import {
  FURTHER_PAYMENT_TYPES,
  HOURLY_COMPENSATION_TYPES,
  type EntryKind,
  type StoredLine,
} from "@/features/payroll/entries/kinds";
import { HOURS_COLUMN, microsOf, readLines } from "../checks/month-totals";
import { WORKED_HOURS_TYPES } from "../checks/tables";
import type { AcknowledgementView } from "../server/acknowledgements";
import type { Finding, MonthCheckInput } from "../checks";

/**
 * The approver's summary of a month (browser-safe): per employee the hours and pay against the
 * last transferred month, the totals by type, and the month's flagged lines with their
 * acknowledgements. Units are in the field names: `_micros` are millionths of an hour (whole
 * numbers, exact), `_cents` euro cents. Computed by `summarizeMonth` from the checks' own input
 * (features/month-close/checks `MonthCheckInput`), with the grid's validation of each line, so the
 * figures are those the checks and the transfer use: an invalid cell counts as nothing.
 */

/** A figure of this month beside the last transferred month's (null: no month was transferred before). */
export interface Compared {
  now: number;
  before: number | null;
  /** Whole percent of the change; null when it cannot be said (nothing before, or nothing transferred). */
  change_percent: number | null;
}

export interface SummaryRow {
  employee_id: number;
  /** "Last, First"; `#<id>` for lines of an employee the service does not list. */
  name: string;
  /** Hours worked (hourly wage and overtime), as the checks' change rule counts them. */
  worked_hours_micros: Compared;
  /** Every hours line's compensation. */
  hours_pay_cents: Compared;
  /** The extra payments. */
  payments_cents: Compared;
  total_cents: Compared;
  /** Hours per type of this month (types with hours only), in the order of the types. */
  hours_by_type: { type: string; hours_micros: number }[];
  /** Blockers and warnings of the employee this month, and how many warnings are not acknowledged. */
  flagged: number;
  unacknowledged: number;
}

export interface TypeTotal {
  kind: EntryKind;
  type: string;
  /** Hours lines only (null for extra payments). */
  hours_micros: Compared | null;
  amount_cents: Compared;
  lines: number;
}

export interface FlaggedLine {
  finding: Finding;
  /** The line's number among the employee's lines of its kind (as the grid counts them); null: the employee as a whole. */
  line_number: number | null;
  /** A warning's acknowledgement of the round (who, when, note); null when not acknowledged (always for a blocker). */
  acknowledgement: AcknowledgementView | null;
}

export interface MonthSummary {
  period: string;
  /** The month the figures are compared with; null before the first transfer. */
  previous_period: string | null;
  rows: SummaryRow[];
  by_type: TypeTotal[];
  totals: Pick<SummaryRow, "worked_hours_micros" | "hours_pay_cents" | "payments_cents" | "total_cents">;
  flagged: FlaggedLine[];
  /** Flagged lines beyond those listed in `flagged` (the first ones are listed; the counts are complete). */
  flagged_unlisted: number;
  counts: {
    blockers: number;
    warnings: number;
    unacknowledged: number;
    by_rule: { rule: Finding["rule"]; count: number }[];
  };
}

/** Whole percent from `before` to `now`; null when `before` is missing or zero. */
export function changePercent(now: number, before: number | null): number | null {
  if (before === null || before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

function compared(now: number, before: number | null): Compared {
  return { now, before, change_percent: changePercent(now, before) };
}

interface Sums {
  workedMicros: number;
  hoursPayCents: number;
  paymentsCents: number;
  /** Per `kind:type`: hours (micro) and amount (cents), and lines. */
  types: Map<string, { micros: number; cents: number; lines: number }>;
}

const emptySums = (): Sums => ({ workedMicros: 0, hoursPayCents: 0, paymentsCents: 0, types: new Map() });

/** Each employee's sums of a month's lines, and the company's by type. */
function sumMonth(period: string, lines: { hours: readonly StoredLine[]; payments: readonly StoredLine[] }) {
  const byEmployee = new Map<number, Sums>();
  const company = emptySums();
  const add = (kind: EntryKind) =>
    readLines(kind, period, kind === "hours" ? lines.hours : lines.payments, (read) => {
      let sums = byEmployee.get(read.line.employee_id);
      if (!sums) byEmployee.set(read.line.employee_id, (sums = emptySums()));
      const cents = Number(read.outcome.cents ?? 0n);
      const type = read.cells[0] ?? "";
      const micros = kind === "hours" ? (microsOf(read, HOURS_COLUMN.hours) ?? 0) : 0;
      for (const target of [sums, company]) {
        if (kind === "hours") {
          target.hoursPayCents += cents;
          if (WORKED_HOURS_TYPES.has(type)) target.workedMicros += micros;
        } else target.paymentsCents += cents;
        const key = `${kind}:${type}`;
        const typed = target.types.get(key) ?? { micros: 0, cents: 0, lines: 0 };
        typed.micros += micros;
        typed.cents += cents;
        typed.lines += 1;
        target.types.set(key, typed);
      }
    });
  add("hours");
  add("payments");
  return { byEmployee, company };
}

/** The numbers of each line among its employee's lines of its kind (`kind:lineId` → 1, 2, …), as the grid shows them. */
function lineNumbers(lines: MonthCheckInput["month"]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const kind of ["hours", "payments"] as const) {
    const counters = new Map<number, number>();
    for (const line of lines[kind]) {
      const next = (counters.get(line.employee_id) ?? 0) + 1;
      counters.set(line.employee_id, next);
      numbers.set(`${kind}:${line.id}`, next);
    }
  }
  return numbers;
}

function figures(now: Sums, before: Sums | null) {
  const total = (sums: Sums) => sums.hoursPayCents + sums.paymentsCents;
  return {
    worked_hours_micros: compared(now.workedMicros, before ? before.workedMicros : null),
    hours_pay_cents: compared(now.hoursPayCents, before ? before.hoursPayCents : null),
    payments_cents: compared(now.paymentsCents, before ? before.paymentsCents : null),
    total_cents: compared(total(now), before ? total(before) : null),
  };
}

/** Flagged lines listed at most; the counts cover them all. */
export const FLAGGED_LISTED = 500;

/**
 * The summary from the checks' input, the findings of the same input (runMonthChecks), the
 * round's acknowledgements and each finding's warning id (gate.ts `warningId`).
 */
export function summarizeMonth(
  input: MonthCheckInput,
  findings: readonly Finding[],
  acknowledgements: ReadonlyMap<string, AcknowledgementView>,
  warningIdOf: (finding: Finding) => string,
): MonthSummary {
  const now = sumMonth(input.month.period, input.month);
  const before = input.previous ? sumMonth(input.previous.period, input.previous) : null;
  const zero = emptySums();
  const flaggedBy = new Map<number, { flagged: number; unacknowledged: number }>();
  const numbers = lineNumbers(input.month);
  const flagged: FlaggedLine[] = [];
  const byRule = new Map<Finding["rule"], number>();
  let [blockers, warnings, unacknowledged] = [0, 0, 0];
  for (const finding of findings) {
    const acknowledgement =
      finding.severity === "warning" ? (acknowledgements.get(warningIdOf(finding)) ?? null) : null;
    const counts = flaggedBy.get(finding.employeeId) ?? { flagged: 0, unacknowledged: 0 };
    counts.flagged += 1;
    if (finding.severity === "blocker") blockers += 1;
    else {
      warnings += 1;
      if (!acknowledgement) {
        counts.unacknowledged += 1;
        unacknowledged += 1;
      }
    }
    flaggedBy.set(finding.employeeId, counts);
    byRule.set(finding.rule, (byRule.get(finding.rule) ?? 0) + 1);
    if (flagged.length < FLAGGED_LISTED) {
      const line_number =
        finding.kind && finding.lineId ? (numbers.get(`${finding.kind}:${finding.lineId}`) ?? null) : null;
      flagged.push({ finding, line_number, acknowledgement });
    }
  }
  const names = new Map(
    input.employees.map((employee) => [employee.id, `${employee.lastName}, ${employee.firstName}`]),
  );
  const ids = new Set([...names.keys(), ...now.byEmployee.keys(), ...(before ? before.byEmployee.keys() : [])]);
  const rows = [...ids]
    .sort((a, b) => a - b)
    .map((id): SummaryRow => {
      const sums = now.byEmployee.get(id) ?? zero;
      const counts = flaggedBy.get(id);
      return {
        employee_id: id,
        name: names.get(id) ?? `#${id}`,
        ...figures(sums, before ? (before.byEmployee.get(id) ?? zero) : null),
        hours_by_type: HOURLY_COMPENSATION_TYPES.flatMap((type) => {
          const micros = sums.types.get(`hours:${type}`)?.micros ?? 0;
          return micros ? [{ type, hours_micros: micros }] : [];
        }),
        flagged: counts?.flagged ?? 0,
        unacknowledged: counts?.unacknowledged ?? 0,
      };
    });
  const typeTotal = (kind: EntryKind, type: string): TypeTotal | null => {
    const key = `${kind}:${type}`;
    const [is, was] = [now.company.types.get(key), before?.company.types.get(key)];
    if (!is && !was) return null;
    const wasOr = (value: number | undefined) => (before ? (value ?? 0) : null);
    return {
      kind,
      type,
      hours_micros: kind === "hours" ? compared(is?.micros ?? 0, wasOr(was?.micros)) : null,
      amount_cents: compared(is?.cents ?? 0, wasOr(was?.cents)),
      lines: is?.lines ?? 0,
    };
  };
  const by_type = [
    ...HOURLY_COMPENSATION_TYPES.map((type) => typeTotal("hours", type)),
    ...FURTHER_PAYMENT_TYPES.map((type) => typeTotal("payments", type)),
  ].filter((total): total is TypeTotal => total !== null);
  return {
    period: input.month.period,
    previous_period: input.previous?.period ?? null,
    rows,
    by_type,
    totals: figures(now.company, before ? before.company : null),
    flagged,
    flagged_unlisted: findings.length - flagged.length,
    counts: { blockers, warnings, unacknowledged, by_rule: [...byRule].map(([rule, count]) => ({ rule, count })) },
  };
}
