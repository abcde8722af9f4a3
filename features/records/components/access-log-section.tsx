import "server-only";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { buttonClassName } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Table, TableCaption, TableCell, TableRow } from "@/components/ui/table";
import { accessLogPageData } from "@/features/records/server/access-log/page-data";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";

/**
 * /audit's "Views and exports" (issue #38 §4), for owners: who viewed or exported employees'
 * figures, when, which company and month, and how many employees; filtered by company and person
 * with a plain GET form (the filters are the URL), paged newest first.
 */
export async function AccessLogSection({
  userId,
  workspaceId,
  query,
}: {
  userId: string;
  workspaceId: string;
  query: Record<string, string | string[] | undefined>;
}) {
  const [t, locale] = await Promise.all([getTranslations() as Promise<Translate>, getLocale() as Promise<Locale>]);
  const data = await accessLogPageData(userId, workspaceId, query, t, locale);
  const link = "text-blue-700 underline";
  return (
    <section aria-labelledby="access-log-heading" className="space-y-4">
      <h2 id="access-log-heading" className="text-xl font-semibold">
        {t("records.access.tab")}
      </h2>
      <p className="text-slate-700">{t("records.access.intro")}</p>
      <form
        method="get"
        action="/audit"
        aria-labelledby="access-filters-heading"
        className="space-y-3 rounded border border-slate-300 p-3"
      >
        <h3 id="access-filters-heading" className="font-semibold">
          {t("records.access.filtersHeading")}
        </h3>
        <input type="hidden" name="view" value="access" />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field id="access-company" label={t("records.access.company")}>
            {(control) => (
              <Select
                {...control}
                name="company"
                defaultValue={data.search.company?.toString() ?? ""}
                className="w-full"
                placeholder={t("records.access.anyCompany")}
                options={data.companies}
              />
            )}
          </Field>
          <Field id="access-person" label={t("records.access.person")}>
            {(control) => (
              <Select
                {...control}
                name="person"
                defaultValue={data.search.person ?? ""}
                className="w-full"
                placeholder={t("records.access.any")}
                options={data.people}
              />
            )}
          </Field>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClassName("primary")}>
            {t("records.access.apply")}
          </button>
          <Link href="/audit?view=access" className={buttonClassName("secondary")}>
            {t("records.access.reset")}
          </Link>
        </div>
      </form>
      {data.rows.length === 0 ? (
        <p className="text-slate-700">{t("records.access.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <Table
            caption={<TableCaption hidden>{t("records.access.caption")}</TableCaption>}
            columns={[
              t("records.access.when"),
              t("records.access.who"),
              t("records.access.company"),
              t("records.access.month"),
              t("records.access.what"),
              { label: t("records.access.employees"), numeric: true },
            ]}
          >
            {data.rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="whitespace-nowrap">{row.when}</TableCell>
                <TableCell>{row.who}</TableCell>
                <TableCell>{row.company}</TableCell>
                <TableCell>{row.month}</TableCell>
                <TableCell>{row.what}</TableCell>
                <TableCell amount>{row.employees}</TableCell>
              </TableRow>
            ))}
          </Table>
        </div>
      )}
      {data.olderHref || data.newestHref ? (
        <nav aria-label={t("records.access.pages")} className="flex flex-wrap gap-4">
          {data.newestHref ? (
            <Link href={data.newestHref} className={link}>
              {t("records.access.newest")}
            </Link>
          ) : null}
          {data.olderHref ? (
            <Link href={data.olderHref} className={link}>
              {t("records.access.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
