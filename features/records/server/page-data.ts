import "server-only";
import { getDb } from "@/lib/db/client";
import { formatDay } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { keepUntilDate } from "../retention";
import { retentionYears, socialAudits } from "./settings";

/**
 * What /settings/records shows: the periods in force and, per company of the workspace's payroll
 * connections, its last social insurance audit and until when the pay records it covered are kept.
 */
export async function recordsPageData(workspaceId: string, locale: Locale) {
  const [years, audits, companies] = await Promise.all([
    retentionYears(workspaceId),
    socialAudits(workspaceId),
    getDb().payrollCompany.findMany({
      where: { connection: { workspaceId } },
      select: { companyId: true, name1: true },
      orderBy: [{ companyId: "asc" }, { syncedAt: "desc" }],
      distinct: ["companyId"],
    }),
  ]);
  return {
    years,
    companies: companies.map((company) => {
      const lastAuditOn = audits.get(company.companyId) ?? null;
      return {
        id: company.companyId,
        name: `${company.name1} (${company.companyId})`,
        lastAuditOn,
        keptUntil: lastAuditOn ? formatDay(locale, keepUntilDate("social_insurance_audit", lastAuditOn, years)) : null,
      };
    }),
  };
}
