import {
  employeeName,
  employeeText,
  list,
  num,
  str,
  type AuditChange,
  type AuditEntryLike,
  type AuditNames,
  type KindPresenters,
} from "@/lib/audit/present";
import { formatAmount, formatDay, numberFormat } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { keyUnder, type Translate } from "@/lib/i18n/translate";
import { CANONICAL_DECIMAL } from "@/lib/money/decimal";
import type { DraftLineChange } from "./entries/audit-lines";
import { typeLabels } from "./entries/labels";

/**
 * How the trail reads what payroll records (its connection, employees, the entries' drafts and
 * transfers; the writers are in each part's server/audit.ts).
 */

type PayrollKind =
  | "payroll.connected"
  | "payroll.disconnected"
  | "payroll.data_deleted"
  | "employee.created"
  | "employee.import_started"
  | "employee.imported"
  | "draft.saved"
  | "transfer.sent";

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A draft cell's canonical text as the grid shows it. */
export function cellText(locale: Locale, t: Translate, entryKind: string, field: string, text: string | null): string {
  if (text === null || text === "") return t("audit.empty");
  if (field === "type") return typeLabels(entryKind === "payments" ? "payments" : "hours")[text]?.[locale] ?? text;
  if (CANONICAL_DECIMAL.test(text))
    return numberFormat(locale, { maximumFractionDigits: 6, useGrouping: false }).format(
      text as Intl.StringNumericLiteral,
    );
  if (ISO_DAY.test(text)) return formatDay(locale, text);
  return text;
}

function fieldLabel(t: Translate, field: string): string {
  const key = keyUnder(t, "payrollEntries.columns", field);
  return key ? t(key) : field;
}

function entryKindLabel(t: Translate, entryKind: unknown): string {
  return t(entryKind === "payments" ? "audit.entryKinds.payments" : "audit.entryKinds.hours");
}

function draftChanges(locale: Locale, t: Translate, entry: AuditEntryLike, names: AuditNames): AuditChange[] {
  const details = entry.details;
  const entryKind = str(details.entryKind);
  return (list(details.lines) as DraftLineChange[]).flatMap((line) => {
    const where = t(`audit.line.${line.change}`, { employee: employeeText(names, entry.companyId, line.employeeId) });
    const changes: AuditChange[] = [];
    if (line.oldEmployeeId !== undefined && line.oldEmployeeId !== null) {
      changes.push({
        where,
        field: t("audit.employeeField"),
        old: employeeText(names, entry.companyId, line.oldEmployeeId),
        new: line.employeeId === null ? "" : employeeText(names, entry.companyId, line.employeeId),
      });
    }
    for (const [field, [before, after]] of Object.entries(line.cells ?? {})) {
      changes.push({
        where,
        field: fieldLabel(t, field),
        old: cellText(locale, t, entryKind, field, before),
        new: cellText(locale, t, entryKind, field, after),
      });
    }
    if (changes.length === 0) changes.push({ where, field: "", old: "", new: "" });
    return changes;
  });
}

function transferSummary(locale: Locale, t: Translate, d: Record<string, unknown>): string {
  const outcomeKey = keyUnder(t, "payrollEntries.outcome", str(d.outcome));
  // A euro decimal string ("505.50"), formatted without float rounding.
  const total = formatAmount(locale, CANONICAL_DECIMAL.test(str(d.totalEuros)) ? str(d.totalEuros) : "0");
  const text = t("audit.summary.transfer_sent", {
    entryKind: entryKindLabel(t, d.entryKind),
    count: num(d.lineCount),
    total,
    outcome: outcomeKey ? t(outcomeKey) : str(d.outcome),
  });
  return d.errorMessage ? `${text} (${str(d.errorMessage)})` : text;
}

export const PAYROLL_AUDIT_PRESENTERS: KindPresenters<PayrollKind> = {
  "payroll.connected": {
    summary: ({ t }, { details: d }) => t("audit.summary.payroll_connected", { username: str(d.username) }),
  },
  "payroll.disconnected": {
    summary: ({ t }, { details: d }) => t("audit.summary.payroll_disconnected", { username: str(d.username) }),
  },
  "payroll.data_deleted": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.payroll_data_deleted", {
        drafts: num(d.entryDrafts),
        imports: num(d.imports),
        transfers: num(d.transfers),
      }),
  },
  "employee.created": {
    summary: ({ t, names }, { companyId, details: d }) =>
      t("audit.summary.employee_created", { id: str(d.employeeId), name: employeeName(names, companyId, d) }),
  },
  "employee.import_started": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.employee_import_started", {
        total: num(d.total),
        pending: num(d.pending),
        inUse: num(d.inUse),
        skipped: num(d.skipped),
      }),
  },
  "employee.imported": {
    summary: ({ t, names }, { companyId, details: d }) => {
      const employees = list(d.employees) as { employeeId?: number; name?: string }[];
      return t("audit.summary.employee_imported", {
        count: employees.length,
        names: employees.map((e) => `${e.employeeId ?? ""} ${employeeName(names, companyId, e)}`.trim()).join(", "),
      });
    },
  },
  "draft.saved": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.draft_saved", { entryKind: entryKindLabel(t, d.entryKind), count: list(d.lines).length }),
    changes: ({ locale, t, names }, entry) => draftChanges(locale, t, entry, names),
  },
  "transfer.sent": { summary: ({ locale, t }, { details: d }) => transferSummary(locale, t, d) },
};
