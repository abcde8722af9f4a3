import "server-only";
import { getDb } from "@/lib/db/client";
import type { PayrollClient } from "../../server/payroll-service";
import { PayrollCompanyNotReachableError } from "../../errors";
import type { Company } from "../../schemas";

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

/** Reads `GET /v1/companies` and replaces the connection's cached list. */
export async function syncCompanies(connectionId: string, client: PayrollClient): Promise<CompanyRecord[]> {
  const companies = await client.listCompanies();
  const now = new Date();
  await getDb().$transaction([
    getDb().payrollCompany.deleteMany({ where: { connectionId, companyId: { notIn: companies.map((company) => company.id) } } }),
    ...companies.map((company) =>
      getDb().payrollCompany.upsert({
        where: { connectionId_companyId: { connectionId, companyId: company.id } },
        create: {
          connectionId,
          companyId: company.id,
          name1: company.name1,
          name2: company.name2,
          address: company.address,
          currentMonth: company.current_month,
          syncedAt: now,
        },
        update: {
          name1: company.name1,
          name2: company.name2,
          address: company.address,
          currentMonth: company.current_month,
          syncedAt: now,
        },
      }),
    ),
  ]);
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
export async function requireCompany(connectionId: string, companyId: number, client: PayrollClient): Promise<CompanyRecord> {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new PayrollCompanyNotReachableError();
  const row = await getDb().payrollCompany.findUnique({ where: { connectionId_companyId: { connectionId, companyId } } });
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
