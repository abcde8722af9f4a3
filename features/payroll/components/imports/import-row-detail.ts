import { keyUnder, type Translate } from "@/lib/i18n/translate";
import type { ReportRow } from "@/features/payroll/imports/schemas";
import { problemText } from "../connection/problem-text";

type Issue = { field?: string; code?: string; message?: string };

const fieldName = (t: Translate, field: string | undefined) => {
  const key = field ? keyUnder(t, "payroll.fields", field) : undefined;
  return key ? `${t(key)}: ` : "";
};

/**
 * The report's line under a row's result, in our own words: the row's problems (skipped), the
 * service's issues framed as its words (refused), or what happened. The stored English message is
 * never shown as it is.
 */
export function importRowDetail(t: Translate, row: ReportRow): string | null {
  const issues = Array.isArray(row.issues) ? (row.issues as Issue[]) : [];
  switch (row.state) {
    case "skipped":
      return (
        issues.map((issue) => `${fieldName(t, issue.field)}${problemText(t, issue.code ?? "")}`).join("; ") || null
      );
    case "refused":
      return issues.length
        ? issues
            .map(
              (issue) =>
                `${fieldName(t, issue.field)}${t("payroll.validation.service", { arg: issue.message ?? issue.code ?? "" })}`,
            )
            .join("; ")
        : t("payroll.import.rowMessages.refused");
    case "in_use":
      return t("payroll.import.rowMessages.inUse");
    case "failed":
      return t(row.unreadable ? "payroll.import.rowMessages.unreadable" : "payroll.import.rowMessages.failed");
    default:
      return null;
  }
}
