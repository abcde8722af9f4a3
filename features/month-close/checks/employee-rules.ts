/**
 * The month-close checks' per-employee rules (index.ts `runMonthChecks` describes every rule): once
 * all lines are read into each employee's month totals, the employee-level findings: insurer,
 * no lines, daily and monthly hours, pay cap, and the change against the previous month.
 */
import { centsToDecimal } from "@/lib/money/decimal";
import { successorOn, type HealthInsurance } from "@/features/payroll/employees/insurers";
import { monthsOf, type EmployeeMonth } from "./month-totals";
import { centsOf, changePercent, decimalOf, MICROS } from "./measures";
import type { Finding, MonthCheckInput } from "./schemas";
import { MAX_DAILY_HOURS, MINIJOB_PAY_CAP, valueOn } from "./tables";

const MAX_DAILY_MICROS = MAX_DAILY_HOURS * MICROS;

/** Pushes the employee-level findings, in the order of `input.employees`, onto `findings`. */
export function employeeRules(input: MonthCheckInput, months: Map<number, EmployeeMonth>, findings: Finding[]): void {
  const firstDay = `${input.month.period}-01`;
  const insurers = new Map<string, HealthInsurance>(input.insurers.map((insurer) => [insurer.number, insurer]));
  const settings = new Map(input.employeeSettings.map((entry) => [entry.employeeId, entry]));
  const previous = input.previous ? monthsOf(input.previous) : null;
  const minijobCap = valueOn(MINIJOB_PAY_CAP, firstDay);

  for (const employee of input.employees) {
    const employeeId = employee.id;
    const insurer = employee.healthInsurance ? insurers.get(employee.healthInsurance) : undefined;
    if (insurer?.availableTo && insurer.availableTo < firstDay && !successorOn(insurer, insurers, firstDay)) {
      findings.push({
        severity: "blocker",
        rule: "insurerEnded",
        employeeId,
        params: { insurer: insurer.number, insurerName: insurer.name, endDate: insurer.availableTo },
      });
    }
    const month = months.get(employeeId);
    if (!month) {
      findings.push({ severity: "warning", rule: "noLines", employeeId, params: {} });
      continue;
    }
    for (const [date, day] of month.days) {
      if (day.micros > MAX_DAILY_MICROS) {
        findings.push({
          severity: "warning",
          rule: "dailyHours",
          employeeId,
          kind: "hours",
          lineId: day.lineId,
          column: "total_hours",
          params: { date, hours: decimalOf(day.micros), limit: MAX_DAILY_HOURS },
        });
      }
    }
    const own = settings.get(employeeId);
    const limit = own?.monthlyHoursLimit ?? input.company.monthlyHoursLimit;
    if (month.workedMicros > Math.round(limit * MICROS)) {
      findings.push({
        severity: "warning",
        rule: "monthlyHours",
        employeeId,
        params: {
          hours: decimalOf(month.workedMicros),
          limit,
          source: own?.monthlyHoursLimit != null ? "employee" : "company",
        },
      });
    }
    const cap = own?.payCap === "minijob" ? minijobCap : (own?.payCap ?? null);
    const capCents = cap === null ? null : centsOf(cap);
    if (cap !== null && capCents !== null && month.capCents > capCents) {
      findings.push({
        severity: "warning",
        rule: "payCap",
        employeeId,
        params: { total: centsToDecimal(month.capCents), cap: centsToDecimal(capCents) },
      });
    }
    const before = previous?.get(employeeId);
    if (before && input.previous) {
      const previousMonth = input.previous.period;
      const hoursChange = changePercent(before.workedMicros, month.workedMicros);
      if (hoursChange !== null) {
        findings.push({
          severity: "warning",
          rule: "hoursChanged",
          employeeId,
          params: {
            now: decimalOf(month.workedMicros),
            before: decimalOf(before.workedMicros),
            percent: hoursChange,
            previousMonth,
          },
        });
      }
      const payChange = changePercent(before.payCents, month.payCents);
      if (payChange !== null) {
        findings.push({
          severity: "warning",
          rule: "payChanged",
          employeeId,
          params: {
            now: centsToDecimal(month.payCents),
            before: centsToDecimal(before.payCents),
            percent: payChange,
            previousMonth,
          },
        });
      }
    }
  }
}
