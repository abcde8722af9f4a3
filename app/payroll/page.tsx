import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { ConnectForm } from "@/components/payroll/connect-form";
import { IntlScope } from "@/components/intl-scope";
import { DeleteDataButton } from "@/components/payroll/delete-data-button";
import { DisconnectButton } from "@/components/payroll/disconnect-button";
import { PayrollProblem } from "@/components/payroll/payroll-problem";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { formatDate, formatMonth } from "@/lib/i18n/format";
import { getLocale, getTranslations } from "next-intl/server";
import { cachedCompanies, syncCompanies } from "@/lib/payroll/companies";
import { payrollConfig } from "@/lib/payroll/config";
import { keptPayrollData } from "@/lib/payroll/connection";
import { attemptPayroll, payrollPageState, type PayrollPageState } from "@/lib/payroll/pages";
import { PayrollLoading } from "@/components/payroll/payroll-problem";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { monthClosesForList } from "@/lib/month-close/page-data";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("nav.payroll") };
}

// The connect form, disconnect button and problems are client components: they get the payroll texts only.
export default function PayrollPage() {
  return (
    <IntlScope namespaces={["payroll"]}>
      <PayrollPageContent />
    </IntlScope>
  );
}

async function PayrollPageContent() {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const state = await payrollPageState();
  if (state.kind === "signed_out") return <SignedOutNotice heading={t("nav.payroll")} />;
  const kept = await keptPayrollData(state.user.id);
  if (state.kind === "not_connected") {
    return (
      <section className="space-y-5">
        <h1 className="text-2xl font-bold">{t("payroll.title")}</h1>
        {kept && !kept.connected ? (
          <section aria-labelledby="payroll-kept-title" className="max-w-xl space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <h2 id="payroll-kept-title" className="text-lg font-semibold">
              {t("payroll.connection.keptTitle")}
            </h2>
            <p>{t("payroll.connection.keptText", { name: kept.username, url: kept.baseUrl, date: kept.disconnectedAt ? formatDate(locale, kept.disconnectedAt) : "–" })}</p>
            <ul className="list-disc pl-5">
              <li>{t("payroll.connection.countDrafts", { count: kept.counts.drafts })}</li>
              <li>{t("payroll.connection.countImports", { count: kept.counts.imports })}</li>
              <li>{t("payroll.connection.countTransfers", { count: kept.counts.transfers })}</li>
            </ul>
            <DeleteDataButton username={kept.username} baseUrl={kept.baseUrl} connected={false} counts={kept.counts} />
          </section>
        ) : null}
        <ConnectForm defaultBaseUrl={payrollConfig().defaultBaseUrl} />
      </section>
    );
  }
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">{t("payroll.title")}</h1>
      <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex-1 space-y-1">
          <p className="font-medium" role="status">
            {t("payroll.connection.connectedAs", { name: state.connection.username })}
          </p>
          <p className="text-sm text-slate-600">
            {t("payroll.connection.address")}: {state.connection.baseUrl} · {t("payroll.connection.since")} {formatDate(locale, state.connection.createdAt)}
          </p>
          <p id="payroll-disconnect-hint" className="text-sm text-slate-600">
            {t("payroll.connection.disconnectHint")}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <DisconnectButton username={state.connection.username} baseUrl={state.connection.baseUrl} />
          {kept ? <DeleteDataButton username={kept.username} baseUrl={kept.baseUrl} connected counts={kept.counts} /> : null}
        </div>
      </div>
      {/* The shell streams at once; the list follows when the service answers (or the page's deadline passes). */}
      <Suspense fallback={<PayrollLoading />}>
        <Companies state={state} />
      </Suspense>
    </section>
  );
}

/** The company list, re-read from the service (the stored one when the service cannot answer). */
async function Companies({ state }: { state: Extract<PayrollPageState, { kind: "ready" }> }) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const synced = await attemptPayroll(() => syncCompanies(state.connection.id, state.client));
  const companies = synced.ok ? synced.value : await cachedCompanies(state.connection.id);
  const closes = await monthClosesForList(state.user, state.connection.id, companies);
  return (
    <>
      {synced.ok ? null : <PayrollProblem code={synced.code} />}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h2 className="text-xl font-semibold">{t("payroll.companies.title")}</h2>
        <Link href="/payroll/reference-lists" className="text-blue-700 underline">
          {t("payroll.lists.link")}
        </Link>
      </div>
      {companies.length === 0 ? <p>{t("payroll.companies.empty")}</p> : null}
      <ScrollRegion label={t("payroll.companies.title")}>
        <table className="w-full border-collapse overflow-hidden rounded-lg bg-white text-left">
          <thead className="bg-slate-100">
            <tr>
              <th scope="col" className="p-2">{t("payroll.companies.id")}</th>
              <th scope="col" className="p-2">{t("payroll.companies.name")}</th>
              <th scope="col" className="p-2">{t("payroll.companies.address")}</th>
              <th scope="col" className="p-2">{t("payroll.companies.month")}</th>
              <th scope="col" className="p-2">{t("monthClose.listStatus")}</th>
              <th scope="col" className="p-2">{t("monthClose.listWho")}</th>
            </tr>
          </thead>
          <tbody>
            {companies.map((company) => (
              <tr key={company.id} className="border-t border-slate-200">
                <td className="p-2 tabular-nums">{company.id}</td>
                <td className="p-2">
                  <Link href={`/payroll/companies/${company.id}`} className="font-medium text-blue-700 underline">
                    {company.name1}
                  </Link>
                  {company.name2 ? <div className="text-sm text-slate-600">{company.name2}</div> : null}
                </td>
                <td className="p-2">
                  {company.address.street_address}, {company.address.postal_code} {company.address.location}
                </td>
                <td className="p-2">{formatMonth(locale, company.current_month)}</td>
                <td className="p-2" data-month-state={closes.get(company.id)?.state ?? "open"}>
                  {t(`monthClose.state.${closes.get(company.id)?.state ?? "open"}`)}
                </td>
                <td className="p-2 text-sm">
                  {[
                    closes.get(company.id)?.submittedBy ? t("monthClose.listSubmitted", { name: closes.get(company.id)?.submittedBy ?? "" }) : "",
                    closes.get(company.id)?.approvedBy ? t("monthClose.listApproved", { name: closes.get(company.id)?.approvedBy ?? "" }) : "",
                  ]
                    .filter(Boolean)
                    .join(" · ") || "–"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
