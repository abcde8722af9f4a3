import "server-only";
import { keepUntilDate, type RecordClass } from "../retention";
import { retentionYears, socialAudits } from "./settings";

/**
 * Until when a record must be kept (`YYYY-MM-DD`), with the workspace's periods: what erasure
 * (issue #38 §3) and the exports ask. `event` is what the class counts from (./retention.ts):
 * a wage account's last entry, a booking voucher's or an audit entry's own day. For the pay
 * records of the social insurance audit the company's last audit is read here; null while the
 * firm has entered none (the records must then be kept: no end is known yet).
 */
export async function keepUntil(
  recordClass: RecordClass,
  record: { workspaceId: string; event?: string; companyId?: number },
): Promise<string | null> {
  const years = await retentionYears(record.workspaceId);
  if (recordClass === "social_insurance_audit") {
    const audit =
      record.companyId === undefined ? undefined : (await socialAudits(record.workspaceId)).get(record.companyId);
    return audit ? keepUntilDate(recordClass, audit, years) : null;
  }
  if (!record.event) throw new Error(`keepUntil: ${recordClass} needs the day it counts from`);
  return keepUntilDate(recordClass, record.event, years);
}
