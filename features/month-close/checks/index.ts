/**
 * The month-close checks: a company's payroll month in, blockers and warnings out. Pure and
 * browser-safe (no database, no server-only import, no date-holidays: see holidays.ts), so the
 * same code runs in the grid while people type, before submitting, and on the server for the
 * approver. Input and finding schemas are in schemas.ts; the rules' values in tables.ts.
 *
 * Lines are validated by the grid's own spec (features/payroll/entries/grid-spec.ts, the GridSpec of
 * features/payroll/grid/model.ts); blank lines are ignored. Every other rule reads only valid cells.
 *
 * A finding's text is `monthChecks.rules.<rule>`; its `params` are raw and the caller formats them
 * (display.ts `displayParams`, with lib/i18n/format.ts) before passing them to the message: days `YYYY-MM-DD` (formatDay), months
 * `YYYY-MM` (formatMonth), euros and hours as canonical decimal strings ("603.00", "10.5":
 * formatAmount / numberFormat), percentages as whole numbers, a Land as its code (its name is
 * `monthChecks.federalStates.<code>`), a column as its field key and a grid error as its code
 * (`payrollEntries.errors.<error>` with `arg`). Per rule:
 *
 * Blockers
 * - invalidValue      line, column · `column`, `error`, `arg` (may be ""; the grid's describeProblem
 *                     in features/payroll/grid/messages.ts reads `error:arg`, columnLabel names the column)
 * - unknownEmployee   line · `employeeId` (a string: an employee number is shown as it is, not grouped)
 * - insurerEnded      employee · `insurer` (registration number), `insurerName`, `endDate`: ended before the period, no successor
 * Warnings
 * - dailyHours        first line of the day, total_hours · `date`, `hours`, `limit` (ArbZG §3)
 * - sundayPremium     line, date · `date`
 * - holidaySurcharge  line, date · `date`, `state`
 * - holidayStateMissing line, date · `date`: the company has no Land set, so it cannot be checked
 * - minimumWage       line, total_amount · `rate`, `minimum`, `date` (the line's, else the period's first day)
 * - payCap            employee · `total`, `cap`
 * - monthlyHours      employee · `hours`, `limit`, `source` ("employee" | "company")
 * - hoursChanged / payChanged  employee · `now`, `before`, `percent` (signed), `previousMonth`
 * - noLines           employee: no line at all this month (the change rules are then left out)
 * - duplicateLine     line · `firstLineId`: identical to an earlier line of the same employee and kind
 *
 * Findings come blockers first, then by the order of `employees` (unknown employees last), then
 * in line order.
 *
 * The Land's public holidays are input (`publicHolidays`): the server computes them with
 * holidays.ts (`publicHolidaysIn`) and hands the page a dozen dates; date-holidays itself would
 * add about 240 KB gzipped to the grid page (this module and what it imports beyond the grid's own
 * code: about 5 KB). The input's lines are not parsed here (schemas.ts).
 *
 * Speed (checks.bench.ts): 1,000 employees × 9 lines and a previous month as large take about
 * 20 ms in node once warm; the first run of a page, still cold, about five times that, and the
 * previous month's sums are then kept for the same `previous` object. In the browser, run it in a
 * worker or in an idle callback, so that no main-thread task exceeds 50 ms.
 */
import { fieldsOf, type EntryKind } from "@/features/payroll/entries/kinds";
import { sundaysOf } from "@/lib/dates/calendar";
import { employeeRules } from "./employee-rules";
import {
  HOURS_COLUMN,
  accumulate,
  dateOf,
  emptyMonth,
  microsOf,
  readLines,
  type EmployeeMonth,
  type ReadLine,
} from "./month-totals";
import { decimalOf, MICROS, sameCells } from "./measures";
import type { Finding, MonthCheckInput } from "./schemas";
import {
  HOLIDAY_TYPES,
  MINIMUM_WAGE,
  MINIMUM_WAGE_TYPES,
  SUNDAY_TYPES,
  SURCHARGE_DAYS_BEYOND_HOLIDAYS,
  valueOn,
} from "./tables";

export type { Finding, MonthCheckInput } from "./schemas";

export function runMonthChecks(input: MonthCheckInput): Finding[] {
  const period = input.month.period;
  const firstDay = `${period}-01`;
  const employees = new Set(input.employees.map((employee) => employee.id));
  const months = new Map<number, EmployeeMonth>();
  const findings: Finding[] = [];
  const sundays = sundaysOf(period);
  const holidays = new Set(input.publicHolidays);
  const state = input.company.federalState;
  // The minimum wage changes on 1 January only, but the table is read by the line's day: remembered per day.
  const minimumWages = new Map<string, { value: string; micros: number } | null>();
  const minimumWageOn = (day: string) => {
    let known = minimumWages.get(day);
    if (known === undefined) {
      const value = valueOn(MINIMUM_WAGE, day);
      known = value === null ? null : { value, micros: Math.round(Number(value) * MICROS) };
      minimumWages.set(day, known);
    }
    return known;
  };

  const lineRules = (kind: EntryKind) => {
    const fields = fieldsOf(kind);
    // Each employee's distinct lines so far: a new line is compared with these (a handful) only.
    const earlier = new Map<number, ReadLine[]>();
    return (read: ReadLine) => {
      const { line, cells, outcome } = read;
      const employeeId = line.employee_id;
      const at = { employeeId, kind, lineId: line.id };
      for (let col = 0; col < outcome.errors.length; col += 1) {
        const error = outcome.errors[col];
        if (!error) continue;
        const [code = error, arg = ""] = error.split(/:(.*)/);
        const column = fields[col] ?? "";
        findings.push({
          severity: "blocker",
          rule: "invalidValue",
          ...at,
          column,
          params: { column, error: code, arg },
        });
      }
      if (!employees.has(employeeId)) {
        findings.push({
          severity: "blocker",
          rule: "unknownEmployee",
          ...at,
          params: { employeeId: String(employeeId) },
        });
        return;
      }
      const own = earlier.get(employeeId);
      const twin = own?.find((other) => sameCells(other.cells, cells));
      if (twin)
        findings.push({ severity: "warning", rule: "duplicateLine", ...at, params: { firstLineId: twin.line.id } });
      else if (own) own.push(read);
      else earlier.set(employeeId, [read]);

      let month = months.get(employeeId);
      if (!month) months.set(employeeId, (month = emptyMonth()));
      accumulate(kind, read, month);
      if (kind === "hours") hoursLineRules(read, at);
    };
  };

  const hoursLineRules = (read: ReadLine, at: { employeeId: number; kind: EntryKind; lineId: string }) => {
    const type = read.cells[HOURS_COLUMN.type] ?? "";
    const date = dateOf(read);
    if (date && SUNDAY_TYPES.has(type) && !sundays.has(date)) {
      findings.push({ severity: "warning", rule: "sundayPremium", ...at, column: "date", params: { date } });
    }
    if (date && HOLIDAY_TYPES.has(type)) {
      if (state === null)
        findings.push({ severity: "warning", rule: "holidayStateMissing", ...at, column: "date", params: { date } });
      else if (!holidays.has(date) && !SURCHARGE_DAYS_BEYOND_HOLIDAYS.has(date.slice(5))) {
        findings.push({
          severity: "warning",
          rule: "holidaySurcharge",
          ...at,
          column: "date",
          params: { date, state },
        });
      }
    }
    const rate = MINIMUM_WAGE_TYPES.has(type) ? microsOf(read, HOURS_COLUMN.rate) : null;
    if (rate !== null) {
      const day = date ?? firstDay;
      const minimum = minimumWageOn(day);
      if (minimum !== null && rate < minimum.micros) {
        findings.push({
          severity: "warning",
          rule: "minimumWage",
          ...at,
          column: "total_amount",
          params: { rate: decimalOf(rate), minimum: minimum.value, date: day },
        });
      }
    }
  };

  readLines("hours", period, input.month.hours, lineRules("hours"));
  readLines("payments", period, input.month.payments, lineRules("payments"));

  employeeRules(input, months, findings);

  const rank = new Map(input.employees.map((employee, index) => [employee.id, index]));
  const order = (finding: Finding) =>
    (finding.severity === "blocker" ? 0 : 1) * 1e9 + (rank.get(finding.employeeId) ?? 1e8);
  return findings
    .map((finding, index) => ({ finding, index, key: order(finding) }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ finding }) => finding);
}
