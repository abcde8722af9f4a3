import "server-only";
import { getDb } from "@/lib/db/client";
import { cutOffDate, DEFAULT_CUT_OFF_RULE, LANDS, monthDeadlines, type Land, type MonthDeadlines } from "@/lib/deadlines/deadlines";

/**
 * The dates of each company's month on the overview, and whose Land they follow. The one seam
 * between the overview and the deadlines' settings: INTERFACES §1's
 * `companyDeadlineSettings`/`companyMonthDeadlines` (lib/deadlines/server/company-deadlines.ts,
 * h/deadlines) replace the body once merged; until then the Land is the check settings' and the
 * cut-off the module's default rule.
 */

export interface RowDeadlines extends MonthDeadlines {
  cutOff: string;
  land: Land | null;
  landSource: "company" | "check_settings" | "none";
  cutOffSource: "company" | "workspace";
}

const landOf = (value: string | null | undefined): Land | null =>
  value && (LANDS as readonly string[]).includes(value) ? (value as Land) : null;

/** Per company of a connection (by id), the dates of the given month. The connection must be one the person may reach. */
export async function rowDeadlines(
  connectionId: string,
  companies: readonly { companyId: number; period: string }[],
): Promise<Map<number, RowDeadlines>> {
  const settings = await getDb().payrollCompanySettings.findMany({
    where: { connectionId, companyId: { in: companies.map((company) => company.companyId) } },
    select: { companyId: true, federalState: true },
  });
  const lands = new Map(settings.map((row) => [row.companyId, landOf(row.federalState)]));
  // Most companies share a month and a Land: each pair is computed once.
  const computed = new Map<string, MonthDeadlines & { cutOff: string }>();
  const datesOf = (period: string, land: Land | null) => {
    const key = `${period}|${land ?? ""}`;
    let found = computed.get(key);
    if (!found) computed.set(key, (found = { ...monthDeadlines(period, land), cutOff: cutOffDate(period, land, DEFAULT_CUT_OFF_RULE) }));
    return found;
  };
  const dates = new Map<number, RowDeadlines>();
  for (const { companyId, period } of companies) {
    const land = lands.get(companyId) ?? null;
    dates.set(companyId, { ...datesOf(period, land), land, landSource: land ? "check_settings" : "none", cutOffSource: "workspace" });
  }
  return dates;
}
