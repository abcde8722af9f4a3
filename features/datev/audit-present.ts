import {
  employeeName,
  num,
  str,
  type AuditChange,
  type AuditEntryLike,
  type AuditNames,
  type KindPresenters,
} from "@/lib/audit/present";
import type { Translate } from "@/lib/i18n/translate";

/** How the trail reads what the DATEV feature records (./audit-kinds.ts). */

type DatevKind =
  | "company.datev_settings"
  | "employee.datev_settings"
  | "workspace.datev_wage_types"
  | "month_close.datev_export"
  | "datev.bulk_export"
  | "datev.bulk_export_download";

function changesOf(details: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const changes = details.changes;
  return changes && typeof changes === "object" ? (changes as Record<string, [unknown, unknown]>) : {};
}

/** A value as people read it: a wage type's mapping as "100 · key 1 · hours", none as "–". */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return "–";
  if (typeof value === "object") {
    const mapping = value as Record<string, unknown>;
    return `${str(mapping.wageTypeNumber) || "–"} · ${str(mapping.processingKey)} · ${str(mapping.carries)}`;
  }
  return str(value);
}

function changeRows(t: Translate, entry: AuditEntryLike, names: AuditNames): AuditChange[] {
  const where =
    entry.kind === "employee.datev_settings"
      ? t("datev.audit.employee", {
          id: str(entry.details.employeeId),
          name: employeeName(names, entry.companyId, entry.details),
        })
      : t("datev.audit.where");
  return Object.entries(changesOf(entry.details)).map(([field, [before, after]]) => ({
    where,
    field,
    old: valueText(before),
    new: valueText(after),
  }));
}

export const DATEV_AUDIT_PRESENTERS: KindPresenters<DatevKind> = {
  "company.datev_settings": {
    summary: ({ t }, { details }) => t("datev.audit.company", { count: Object.keys(changesOf(details)).length }),
    changes: ({ t, names }, entry) => changeRows(t, entry, names),
  },
  "employee.datev_settings": {
    summary: ({ t, names }, { companyId, details: d }) =>
      t("datev.audit.employeeSummary", { id: str(d.employeeId), name: employeeName(names, companyId, d) }),
    changes: ({ t, names }, entry) => changeRows(t, entry, names),
  },
  "workspace.datev_wage_types": {
    summary: ({ t }, { details }) => t("datev.audit.workspace", { count: Object.keys(changesOf(details)).length }),
    changes: ({ t, names }, entry) => changeRows(t, entry, names),
  },
  "month_close.datev_export": {
    summary: ({ t }, { details: d }) =>
      t(d.correction ? "datev.audit.correction" : "datev.audit.export", {
        fileName: str(d.fileName),
        lines: num(d.lineCount),
        round: num(d.round),
        sha256: str(d.sha256).slice(0, 12),
      }),
  },
  "datev.bulk_export": {
    summary: ({ t }, { details: d }) =>
      t("datev.audit.bulkExport", {
        months: num(d.months),
        exported: num(d.exported),
        already: num(d.already),
        refused: num(d.refused),
        sha256: str(d.zipSha256).slice(0, 12),
      }),
  },
  "datev.bulk_export_download": {
    summary: ({ t }, { details: d }) => t("datev.audit.bulkDownload", { sha256: str(d.zipSha256).slice(0, 12) }),
  },
};
