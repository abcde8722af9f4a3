import "server-only";
import { getDb } from "@/lib/db/client";
import type { Land, MonthDeadlines } from "@/features/deadlines/deadlines";
import {
  companyDeadlineSettings,
  companyMonthDeadlines,
  type CompanyDeadlineSettings,
} from "@/features/deadlines/server/company-deadlines";

/**
 * The dates of each company's month on the overview, and whose Land and cut-off rule they follow
 * (features/deadlines/server/company-deadlines.ts: the company's own Land, else its check settings',
 * else none; its own cut-off rule, else the workspace's). The connection must be one the person
 * may reach: this reads by it, it does not authorize.
 */

export interface RowDeadlines extends MonthDeadlines {
  cutOff: string;
  land: Land | null;
  landSource: CompanyDeadlineSettings["landSource"];
  cutOffSource: CompanyDeadlineSettings["cutOffSource"];
}

/** Per company of a connection (by id), the dates of the given month. */
export async function rowDeadlines(
  connectionId: string,
  companies: readonly { companyId: number; period: string }[],
): Promise<Map<number, RowDeadlines>> {
  const settings = await companyDeadlineSettings(
    getDb(),
    connectionId,
    companies.map((company) => company.companyId),
  );
  // Most companies share a month, a Land and a rule: each such set is computed once.
  const computed = new Map<string, MonthDeadlines & { cutOff: string }>();
  const dates = new Map<number, RowDeadlines>();
  for (const { companyId, period } of companies) {
    const own = settings.get(companyId)!;
    const key = `${period}|${own.land ?? ""}|${JSON.stringify(own.cutOffRule)}`;
    let found = computed.get(key);
    if (!found) computed.set(key, (found = companyMonthDeadlines(own, period)));
    dates.set(companyId, { ...found, land: own.land, landSource: own.landSource, cutOffSource: own.cutOffSource });
  }
  return dates;
}
