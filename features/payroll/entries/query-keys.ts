import type { EntryKind } from "@/features/payroll/entries/kinds";

/**
 * The TanStack Query keys of a company's monthly entries, one per resource: the draft (saved by
 * the grid).
 * Everything under `scope` is one company's month of one kind.
 */
export const payrollEntriesKeys = {
  all: ["payroll-entries"] as const,
  scope: (companyId: number, kind: EntryKind, period: string) => ["payroll-entries", companyId, kind, period] as const,
  draft: (companyId: number, kind: EntryKind, period: string) =>
    [...payrollEntriesKeys.scope(companyId, kind, period), "draft"] as const,
};
