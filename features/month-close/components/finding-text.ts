import { columnLabel, describeProblem } from "@/features/payroll/grid/messages";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import type { Finding } from "@/features/month-close/checks";
import { displayParams } from "@/features/month-close/checks/display";

/**
 * A finding in the person's words (`monthChecks.rules.<rule>`): its params formatted for the
 * language (display.ts), the codes named from the catalogue: the column by its label, a grid
 * error by its text, a Land by its name.
 */
export function findingText(t: Translate, locale: Locale, finding: Finding): string {
  const values = displayParams(locale, finding);
  if (finding.rule === "invalidValue") {
    const error = String(finding.params.error ?? "");
    const arg = String(finding.params.arg ?? "");
    values.column = columnLabel(t, String(finding.params.column ?? ""));
    values.error = describeProblem(t, arg ? `${error}:${arg}` : error, locale);
  }
  if (typeof finding.params.state === "string") {
    const key = `monthChecks.federalStates.${finding.params.state}` as never;
    values.state = t.has(key) ? t(key) : finding.params.state;
  }
  return t(`monthChecks.rules.${finding.rule}` as never, values as never);
}
