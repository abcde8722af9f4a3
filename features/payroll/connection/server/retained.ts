import "server-only";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { now } from "@/lib/clock";
import { berlinToday } from "@/lib/dates/berlin";
import { payRecordsKeepUntil } from "@/features/records/retention";
import { retentionYears, socialAudits } from "@/features/records/server/settings";

/**
 * Whether a payroll connection holds records the law still keeps (issue #38 §3): its sealed months,
 * transfer history and DATEV files, per company, under the rules of features/records/retention.ts
 * with the workspace's periods — the wage account from the company's last month (§ 41 EStG), the pay
 * records until the end of the year after its last social insurance audit covering that month
 * (§ 28f SGB IV; no end known while none is entered), the booking vouchers from their latest day
 * (§ 147 AO). "Delete all payroll data" is refused while any is kept (Disconnect keeps them anyway).
 */
export type Retention =
  /** Nothing kept: no such records, or their last retention has ended. */
  | null
  /** Kept until this day (`YYYY-MM-DD`), or with no end known yet (null: a company's audit is not entered). */
  | { until: string | null };

interface CompanyRecords {
  companyId: number;
  lastPeriod: string;
  lastVoucher: Date;
}

export async function connectionRetention(
  workspaceId: string,
  connectionId: string,
  db: Pick<Prisma.TransactionClient, "$queryRaw"> = getDb(),
): Promise<Retention> {
  const companies = await db.$queryRaw<CompanyRecords[]>`
    SELECT company_id AS "companyId", max(period) AS "lastPeriod", max(made) AS "lastVoucher"
      FROM (SELECT company_id, period, sealed_at AS made FROM sealed_months WHERE connection_id = ${connectionId}::uuid
            UNION ALL
            SELECT company_id, period, created_at FROM payroll_entry_transfers WHERE connection_id = ${connectionId}::uuid
            UNION ALL
            SELECT company_id, period, created_at FROM datev_exports WHERE connection_id = ${connectionId}::uuid) AS kept
     GROUP BY company_id`;
  if (companies.length === 0) return null;
  // The workspace's periods and audits once, however many companies (the /payroll page asks per connection).
  const [audits, years] = await Promise.all([socialAudits(workspaceId), retentionYears(workspaceId)]);
  let latest: string | null = null;
  for (const company of companies) {
    const lastVoucher = berlinToday(company.lastVoucher);
    const until = payRecordsKeepUntil(
      { lastPeriod: company.lastPeriod, lastVoucher },
      audits.get(company.companyId),
      years,
    );
    // No end is known before an audit covering the company's last month is entered: kept.
    if (until === null) return { until: null };
    if (!latest || until > latest) latest = until;
  }
  return latest && latest >= berlinToday(now()) ? { until: latest } : null;
}
