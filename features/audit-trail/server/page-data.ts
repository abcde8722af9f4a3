import "server-only";
import { formatMonth } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { auditSearchOf, parseAuditSearch, type AuditFilters } from "@/lib/audit/filters";
import { auditKinds, kindKey } from "@/lib/audit/kinds";
import { auditNamesOf, employeeNames, restrictedMark } from "./names";
import type { ShownEntry } from "@/lib/audit/present";
import { presentEntry } from "../present";
import { auditCompanies, auditPeople, listAuditEntries } from "@/lib/audit/server/query";

/** Each company of the trail as "Bäckerei Krüger GmbH (1001)", or "Company 1001" when no connection names it. */
export function companyLabels(
  t: Translate,
  companies: readonly { id: number; name: string | null }[],
): Map<number, string> {
  return new Map(
    companies.map((company) => [
      company.id,
      company.name
        ? t("audit.companyOption", { name: company.name, id: company.id })
        : t("audit.companyNumber", { id: company.id }),
    ]),
  );
}

/** What /audit shows for its URL: one page of entries in the person's words, and the filters' choices. */
export async function auditPageData(
  userId: string,
  workspaceId: string,
  search: Record<string, string | string[] | undefined>,
  t: Translate,
  locale: Locale,
) {
  const { filters, after } = parseAuditSearch(search);
  const [page, people, companies] = await Promise.all([
    listAuditEntries(userId, workspaceId, filters, after),
    auditPeople(userId, workspaceId),
    auditCompanies(userId, workspaceId),
  ]);
  const companyName = companyLabels(t, companies);
  const employees = await employeeNames(
    userId,
    workspaceId,
    page.entries.flatMap((entry) => (entry.companyId === null ? [] : [entry.companyId])),
    restrictedMark(t, locale),
  );
  const names = auditNamesOf(companyName, employees);
  const entries: ShownEntry[] = page.entries.map((entry) => ({
    id: entry.id,
    ...presentEntry(locale, t, entry, names),
    company:
      entry.companyId === null
        ? null
        : (companyName.get(entry.companyId) ?? t("audit.companyNumber", { id: entry.companyId })),
    period: entry.period ? formatMonth(locale, entry.period) : null,
  }));
  return {
    filters: filters satisfies AuditFilters,
    search: auditSearchOf(filters),
    entries,
    people: people.map((person) => ({
      value: person.id,
      label: person.erased ? t("audit.erasedStaff") : (person.name ?? person.id.slice(0, 8)),
    })),
    companies: [...companyName].map(([id, label]) => ({ value: String(id), label })),
    kinds: auditKinds().map((kind) => ({ value: kind, label: t(`audit.kinds.${kindKey(kind)}`) })),
    olderHref: page.next ? `/audit${auditSearchOf(filters, page.next)}` : null,
    newestHref: after ? `/audit${auditSearchOf(filters)}` : null,
  };
}
