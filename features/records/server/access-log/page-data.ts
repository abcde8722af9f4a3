import "server-only";
import { formatWhen } from "@/lib/audit/present";
import { formatMonth, formatMonthSpan } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { accessLogChoices, accessSearchSchema, listAccessLog, peopleNames, type AccessSearch } from "./query";

/** A row's month, or the months `YYYY-MM–YYYY-MM` an export covered (features/record-exports). */
function monthText(locale: Locale, period: string): string {
  const [from, to] = period.split("–");
  return to ? formatMonthSpan(locale, from!, to) : formatMonth(locale, period);
}

/** The section's URL on /audit: `?view=access` with its filters and position. */
export function accessSearchOf(search: AccessSearch, after?: string): string {
  const params = new URLSearchParams({ view: "access" });
  if (search.company) params.set("company", String(search.company));
  if (search.person) params.set("person", search.person);
  if (after) params.set("after", after);
  return `?${params}`;
}

/** One page of "Views and exports" in the reader's words (owners only: anyone else reads nothing). */
export async function accessLogPageData(
  userId: string,
  workspaceId: string,
  query: Record<string, string | string[] | undefined>,
  t: Translate,
  locale: Locale,
) {
  const search = accessSearchSchema.parse(query);
  const [page, choices] = await Promise.all([
    listAccessLog(userId, workspaceId, search),
    accessLogChoices(userId, workspaceId),
  ]);
  const names = await peopleNames(page.rows.map((row) => row.actorId));
  const companyName = new Map(choices.companies.map((company) => [company.id, company.name]));
  const companyText = (id: number) => {
    const name = companyName.get(id);
    return name ? `${name} (${id})` : String(id);
  };
  return {
    search,
    rows: page.rows.map((row) => ({
      id: row.id,
      when: formatWhen(locale, row.occurredAt),
      who: names.get(row.actorId) ?? t("records.access.someone"),
      company: row.companyId === null ? "" : companyText(row.companyId),
      month: row.period ? monthText(locale, row.period) : "",
      what: t(`records.access.kinds.${row.kind}`),
      employees: t("records.access.employeeCount", { count: row.employeeIds.length }),
    })),
    people: choices.people.map((person) => ({ value: person.id, label: person.name ?? t("records.access.someone") })),
    companies: choices.companies.map((company) => ({ value: String(company.id), label: companyText(company.id) })),
    olderHref: page.next ? `/audit${accessSearchOf(search, page.next)}` : null,
    newestHref: search.after ? `/audit${accessSearchOf({ ...search, after: undefined })}` : null,
  };
}
