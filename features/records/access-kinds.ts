/**
 * What a row of the access log says was done with employees' figures (issue #38 §4). Views are
 * written in batches (./server/access-log/writer.ts); exports at once, before the file is handed
 * out (./server/access-log/record.ts `recordExport`).
 */
export const ACCESS_VIEW_KINDS = ["hours_view", "payments_view", "summary_view"] as const;
export const ACCESS_EXPORT_KINDS = [
  "import",
  "audit_export",
  "personal_data_export",
  "tax_audit_export",
  "datev_export",
] as const;
export const ACCESS_KINDS = [...ACCESS_VIEW_KINDS, ...ACCESS_EXPORT_KINDS] as const;
export type AccessViewKind = (typeof ACCESS_VIEW_KINDS)[number];
export type AccessExportKind = (typeof ACCESS_EXPORT_KINDS)[number];
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** One view or export: who, where, and which employees it showed (ids only, never names). */
export interface AccessRecord {
  workspaceId: string;
  actorId: string;
  kind: AccessKind;
  companyId?: number | null;
  period?: string | null;
  employeeIds: readonly number[];
}
