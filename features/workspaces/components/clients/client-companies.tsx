import "server-only";
import { HoverPrefetchLink } from "@/components/hover-prefetch-link";
import { getLocale, getTranslations } from "next-intl/server";
import type { SessionUser } from "@/lib/auth/server/session";
import { formatMonth } from "@/lib/i18n/format";
import { clientCompanyMonths } from "@/features/month-close/server/client-months";

/**
 * A client's landing (/payroll for a member holding `client`): their companies, each with its
 * month and the month's status, and the way to its hours and payments. Phone first: one card a
 * company, links large enough to tap.
 */
export async function ClientCompanies({ user }: { user: SessionUser }) {
  const [t, locale, companies] = await Promise.all([getTranslations(), getLocale(), clientCompanyMonths(user)]);
  return (
    <section className="space-y-4" aria-labelledby="client-companies-title">
      <h1 id="client-companies-title" className="text-2xl font-bold">
        {t("clients.title")}
      </h1>
      {user.workspace ? (
        <p className="text-slate-700">{t("clients.intro", { workspace: user.workspace.name })}</p>
      ) : null}
      {companies.length === 0 ? <p>{t("clients.none")}</p> : null}
      <ul className="space-y-3">
        {companies.map((company) => (
          <li key={company.companyId} className="rounded-lg border border-slate-300 p-4">
            <h2 className="text-lg font-semibold">{company.name}</h2>
            <p className="text-sm">
              {formatMonth(locale, company.period)} · {t("monthClose.label")}:{" "}
              <strong>{t(`monthClose.state.${company.state}`)}</strong>
            </p>
            <nav className="mt-2 flex flex-wrap gap-x-6 gap-y-2" aria-label={company.name}>
              <HoverPrefetchLink
                href={`/payroll/companies/${company.companyId}/hours`}
                className="py-1 text-blue-700 underline"
              >
                {t("payrollEntries.hoursLink")}
              </HoverPrefetchLink>
              <HoverPrefetchLink
                href={`/payroll/companies/${company.companyId}/payments`}
                className="py-1 text-blue-700 underline"
              >
                {t("payrollEntries.paymentsLink")}
              </HoverPrefetchLink>
            </nav>
          </li>
        ))}
      </ul>
    </section>
  );
}
