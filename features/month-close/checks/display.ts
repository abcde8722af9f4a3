import { formatAmount, formatDay, formatMonth, numberFormat } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Finding } from "./schemas";

/**
 * A finding's raw params made ready for its message in the person's language: days as 30.11.2026,
 * months as "November 2026", euros with two decimals (603,00), hours with the decimals they have
 * (10,5), a change with its sign (+51 / −51). Codes stay codes: the caller names `state`
 * (`monthChecks.federalStates.<code>`), `column` (the grid's column label) and `error`
 * (`payrollEntries.errors.<error>`), which need the message catalogue.
 */
export function displayParams(locale: Locale, finding: Finding): Record<string, string | number> {
  const shown: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(finding.params))
    shown[name] =
      typeof value === "string" ? displayText(locale, finding.rule, name, value) : displayNumber(locale, name, value);
  return shown;
}

const DAYS = new Set(["date", "endDate"]);
const AMOUNTS = new Set(["rate", "minimum", "total", "cap"]);

function displayText(locale: Locale, rule: Finding["rule"], name: string, value: string): string {
  if (DAYS.has(name)) return formatDay(locale, value);
  if (name === "previousMonth") return formatMonth(locale, value);
  if (AMOUNTS.has(name) || (rule === "payChanged" && (name === "now" || name === "before")))
    return formatAmount(locale, value);
  if (name === "hours" || (rule === "hoursChanged" && (name === "now" || name === "before"))) {
    return numberFormat(locale, { maximumFractionDigits: 6 }).format(value as Intl.StringNumericLiteral);
  }
  return value;
}

function displayNumber(locale: Locale, name: string, value: number): string {
  return numberFormat(locale, name === "percent" ? { signDisplay: "exceptZero" } : {}).format(value);
}
