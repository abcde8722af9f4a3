import "server-only";
import { getDb } from "@/lib/db/client";
import { payRecordsKeepUntil } from "../../retention";
import { retentionYears, socialAudits } from "../../server/settings";

export interface EmployeeKey {
  workspaceId: string;
  connectionId: string;
  companyId: number;
  employeeId: number;
}

/**
 * The employee's records in Ledgerlane: the latest month with a line of theirs (drafts, transfers,
 * sealed versions) and the latest day a transfer or sealed version holding them was made.
 */
async function employeeRecords(key: EmployeeKey): Promise<{ lastPeriod: string | null; lastVoucher: string | null }> {
  const line = JSON.stringify([{ employee_id: key.employeeId }]);
  const [row] = await getDb().$queryRaw<{ last_period: string | null; last_voucher: Date | null }[]>`
    SELECT GREATEST(
        (SELECT max(period) FROM payroll_entry_draft_lines
          WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId}
            AND employee_id = ${key.employeeId} AND NOT deleted),
        (SELECT max(period) FROM payroll_entry_transfers
          WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND lines @> ${line}::jsonb),
        (SELECT max(period) FROM sealed_months
          WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId}
            AND (content->'lines'->'hours' @> ${line}::jsonb OR content->'lines'->'payments' @> ${line}::jsonb))
      ) AS last_period,
      GREATEST(
        (SELECT max(created_at) FROM payroll_entry_transfers
          WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND lines @> ${line}::jsonb),
        (SELECT max(sealed_at) FROM sealed_months
          WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId}
            AND (content->'lines'->'hours' @> ${line}::jsonb OR content->'lines'->'payments' @> ${line}::jsonb))
      ) AS last_voucher`;
  return {
    lastPeriod: row?.last_period ?? null,
    lastVoucher: row?.last_voucher ? row.last_voucher.toISOString().slice(0, 10) : null,
  };
}

/**
 * Until when the employee's records must be kept (`YYYY-MM-DD`), the latest of their classes'
 * keep-until (features/records/retention.ts, with the workspace's periods): the wage account from
 * their last month with lines (§ 41 EStG), the pay records until the end of the year after the
 * company's last social insurance audit that covers that month (§ 28f SGB IV), the transfers and
 * sealed versions holding them as booking vouchers (§ 147 AO). Null while no audit covering their
 * last month is entered: the end is not known, the records are kept (docs/adr/0267). An employee
 * with no records in Ledgerlane may be erased at once: `today`.
 */
export async function eraseAfterFor(key: EmployeeKey, today: string): Promise<string | null> {
  const { lastPeriod, lastVoucher } = await employeeRecords(key);
  if (!lastPeriod) return today;
  const [audits, years] = await Promise.all([socialAudits(key.workspaceId), retentionYears(key.workspaceId)]);
  const until = payRecordsKeepUntil({ lastPeriod, lastVoucher }, audits.get(key.companyId), years);
  return until === null ? null : until > today ? until : today;
}
