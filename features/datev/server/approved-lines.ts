import "server-only";
import type { EntryKind, StoredLine } from "@/features/payroll/entries/kinds";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import { sealedToSend } from "@/features/month-close/sealing/server/sealed-lines";

/**
 * The one place the DATEV export reads an approved month's content: its latest sealed version
 * (features/month-close/sealing), exactly what was approved, as the Transfer sends it — never the
 * drafts. A month without an intact sealed version is refused (409 `month_state`).
 */
export async function approvedLines(key: MonthKey): Promise<Record<EntryKind, StoredLine[]>> {
  return (await sealedToSend(key)).content.lines;
}
