import "server-only";
import { getDb, queryPrepared } from "@/lib/db/client";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { PayrollCompanyNotReachableError } from "../../errors";
import type { Company } from "../../upstream/schemas";

/** A cached list older than this is re-read before a company id is refused. */
const RESYNC_AFTER_MS = 10 * 60_000;

export interface CompanyRecord extends Company {
  syncedAt: Date;
}

function toRecord(row: {
  companyId: number;
  name1: string;
  name2: string;
  address: unknown;
  currentMonth: string;
  syncedAt: Date;
}): CompanyRecord {
  return {
    id: row.companyId,
    name1: row.name1,
    name2: row.name2,
    address: row.address as Company["address"],
    current_month: row.currentMonth,
    syncedAt: row.syncedAt,
  };
}

/**
 * The whole list in one statement (atomic on its own, no interactive transaction): the removed
 * companies go, the others are inserted or updated from one JSON parameter. A 300-company firm's
 * sync is one round trip instead of 301 statements in a transaction, which ran into Prisma's 5 s
 * transaction timeout when several connections synced at once under load.
 */
const REPLACE_COMPANIES = {
  name: "payroll_companies_replace",
  text: `WITH incoming AS (
           SELECT * FROM jsonb_to_recordset($2::jsonb) AS c(id INTEGER, name1 TEXT, name2 TEXT, address JSONB, current_month TEXT)
         ), removed AS (
           DELETE FROM payroll_companies p
            WHERE p.connection_id = $1::uuid AND NOT EXISTS (SELECT 1 FROM incoming i WHERE i.id = p.company_id)
         )
         INSERT INTO payroll_companies (id, connection_id, company_id, name1, name2, address, current_month, synced_at)
         SELECT gen_random_uuid(), $1::uuid, i.id, i.name1, i.name2, i.address, i.current_month, $3::timestamptz AT TIME ZONE 'UTC'
           FROM incoming i
         ON CONFLICT (connection_id, company_id) DO UPDATE SET name1 = excluded.name1, name2 = excluded.name2,
           address = excluded.address, current_month = excluded.current_month, synced_at = excluded.synced_at`,
};

/** Reads `GET /v1/companies` and replaces the connection's cached list. */
export async function syncCompanies(connectionId: string, client: PayrollClient): Promise<CompanyRecord[]> {
  const companies = await client.listCompanies();
  const now = new Date();
  const rows = companies.map((company) => ({
    id: company.id,
    name1: company.name1,
    name2: company.name2,
    address: company.address,
    current_month: company.current_month,
  }));
  await queryPrepared(REPLACE_COMPANIES, [connectionId, JSON.stringify(rows), now.toISOString()]);
  return companies.map((company) => ({ ...company, syncedAt: now }));
}

export async function cachedCompanies(connectionId: string): Promise<CompanyRecord[]> {
  const rows = await getDb().payrollCompany.findMany({ where: { connectionId }, orderBy: { companyId: "asc" } });
  return rows.map(toRecord);
}

/**
 * The company a request names, if the connection reaches it: checked against the cached list,
 * so another customer's id never reaches the service. Unknown ids cause one re-read of the
 * list only when it is older than 10 minutes (a company may have been added upstream).
 */
export async function requireCompany(
  connectionId: string,
  companyId: number,
  client: PayrollClient,
): Promise<CompanyRecord> {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new PayrollCompanyNotReachableError();
  const row = await getDb().payrollCompany.findUnique({
    where: { connectionId_companyId: { connectionId, companyId } },
  });
  if (row) return toRecord(row);
  const newest = await getDb().payrollCompany.findFirst({
    where: { connectionId },
    orderBy: { syncedAt: "desc" },
    select: { syncedAt: true },
  });
  if (newest && Date.now() - newest.syncedAt.getTime() < RESYNC_AFTER_MS) throw new PayrollCompanyNotReachableError();
  const fresh = await syncCompanies(connectionId, client);
  const company = fresh.find((candidate) => candidate.id === companyId);
  if (!company) throw new PayrollCompanyNotReachableError();
  return company;
}
