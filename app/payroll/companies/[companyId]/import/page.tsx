import type { Metadata } from "next";
import Link from "next/link";
import { ImportProgress } from "@/features/payroll/components/imports/import-progress";
import { ImportWizard } from "@/features/payroll/components/imports/import-wizard";
import { PayrollProblem } from "@/features/payroll/components/connection/payroll-problem";
import { PayrollSuspense } from "@/features/payroll/components/connection/payroll-suspense";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { formatDate } from "@/lib/i18n/format";
import type { MessageKey } from "@/lib/i18n/translate";
import { getLocale, getTranslations } from "next-intl/server";
import { berlinToday } from "@/lib/dates/berlin";
import { firstDayOfMonth } from "@/lib/dates/calendar";
import { importProgress, recentImports } from "@/features/payroll/imports/server/imports";
import { can } from "@/features/workspaces/permissions";
import { attemptPayroll, companyForPage, payrollPageState, referenceListsReady } from "@/features/payroll/server/pages";
import { countries, healthInsurances } from "@/features/payroll/employees/server/reference-lists";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("payroll.import.title") };
}

async function ImportPageBody({
  params,
  searchParams,
}: {
  params: Promise<{ companyId: string }>;
  searchParams: Promise<{ job?: string }>;
}) {
  const { companyId } = await params;
  const { job } = await searchParams;
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const state = await payrollPageState(companyId);
  if (state.kind === "signed_out") return <SignedOutNotice heading={t("payroll.import.title")} />;
  if (state.kind !== "ready")
    return <PayrollProblem code={state.kind === "ambiguous" ? "ambiguous_company" : "not_connected"} />;
  const company = await companyForPage(state, companyId);
  if (!company) return <p role="alert">{t("payroll.company.notFound")}</p>;
  if (!can(state.user.workspace?.roles, "payroll.edit")) return <p role="alert">{t("payroll.company.readOnly")}</p>;
  const progress = job ? await importProgress(state.connection.id, job) : null;
  const header = (
    <>
      <Link href={`/payroll/companies/${company.id}`} className="text-blue-700 underline">
        {company.name1}
      </Link>
      <h1 className="text-2xl font-bold">{t("payroll.import.title")}</h1>
    </>
  );
  if (progress) {
    return (
      <section className="space-y-5">
        {header}
        <ImportProgress importId={progress.id} initial={progress} />
      </section>
    );
  }
  await referenceListsReady(state.client);
  const [employees, insurers, countryList, recent] = await Promise.all([
    attemptPayroll(() => state.client.listEmployees(company.id)),
    healthInsurances(state.client.baseUrl),
    countries(state.client.baseUrl),
    recentImports(state.connection.id, company.id),
  ]);
  return (
    <section className="space-y-5">
      {header}
      <p className="text-slate-700">{t("payroll.import.intro")}</p>
      {employees.ok ? (
        <ImportWizard
          companyId={company.id}
          context={{
            companyId: company.id,
            defaultEntry: firstDayOfMonth(company.current_month),
            today: berlinToday(),
            insurers,
            countries: countryList,
            usedIds: employees.value.map((employee) => employee.id),
          }}
        />
      ) : (
        <PayrollProblem code={employees.code} />
      )}
      {recent.length ? (
        <div>
          <h2 className="text-lg font-semibold">{t("payroll.import.recent")}</h2>
          <ul className="list-disc pl-5">
            {recent.map((item) => (
              <li key={item.id}>
                <Link
                  href={`/payroll/companies/${company.id}/import?job=${item.id}`}
                  className="text-blue-700 underline"
                >
                  {t("payroll.import.openImport", {
                    date: formatDate(locale, item.createdAt, { dateStyle: "medium", timeStyle: "short" }),
                    status: t(`payroll.import.statuses.${item.status}` as MessageKey),
                  })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export default async function ImportPage(props: Parameters<typeof ImportPageBody>[0]) {
  const t = await getTranslations();
  return (
    <PayrollSuspense heading={t("payroll.import.title")}>
      <ImportPageBody {...props} />
    </PayrollSuspense>
  );
}
