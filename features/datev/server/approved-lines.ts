import "server-only";
import { getDb } from "@/lib/db/client";
import type { EntryKind, StoredLine } from "@/features/payroll/entries/kinds";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import { monthLines } from "@/features/month-close/server/check-input";

/**
 * The one place the DATEV export reads an approved month's content: today the month's frozen draft
 * lines, as the Transfer job sends them (features/month-close/server/transfer-job.ts `monthLines`;
 * an Approved month's drafts are locked). When the month's sealed snapshot lands, this reads the
 * snapshot instead, and nothing else in features/datev changes.
 */
export async function approvedLines(key: MonthKey): Promise<Record<EntryKind, StoredLine[]>> {
  return monthLines(getDb(), key);
}
