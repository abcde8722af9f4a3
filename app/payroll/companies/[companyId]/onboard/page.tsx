import type { Metadata } from "next";
import Link from "next/link";
import { OnboardForm } from "@/features/payroll/components/employees/onboard-form";
import { PayrollProblem } from "@/features/payroll/components/connection/payroll-problem";
import { PayrollSuspense } from "@/features/payroll/components/connection/payroll-suspense";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getLocale, getTranslations } from "next-intl/server";
import { ownCountryNames } from "@/features/payroll/components/employees/country-names";
import { countryChoices } from "@/features/payroll/employees/countries";
import { berlinToday } from "@/lib/dates/berlin";
import { firstDayOfMonth } from "@/lib/dates/calendar";
import { loadDraft } from "@/features/payroll/employees/server/onboarding-draft";
import { nextFreeId } from "@/features/payroll/employees/server/employees";
import { can } from "@/features/workspaces/permissions";
import { attemptPayroll, companyForPage, payrollPageState, referenceListsReady } from "@/features/payroll/server/pages";
import { countries, healthInsurances } from "@/features/payroll/employees/server/reference-lists";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("payroll.onboard.title") };
}

async function OnboardPageBody({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const state = await payrollPageState(companyId);
  if (state.kind === "signed_out") return <SignedOutNotice heading={t("payroll.onboard.title")} />;
  if (state.kind !== "ready")
    return <PayrollProblem code={state.kind === "ambiguous" ? "ambiguous_company" : "not_connected"} />;
  const company = await companyForPage(state, companyId);
  if (!company) return <p role="alert">{t("payroll.company.notFound")}</p>;
  if (!can(state.user.workspace?.roles, "payroll.edit")) return <p role="alert">{t("payroll.company.readOnly")}</p>;
  await referenceListsReady(state.client);
  const [employees, insurers, countryList, draft] = await Promise.all([
    attemptPayroll(() => state.client.listEmployees(company.id)),
    healthInsurances(state.client.baseUrl),
    countries(state.client.baseUrl),
    loadDraft(state.connection.id, company.id),
  ]);
  const list = employees.ok ? employees.value : [];
  return (
    <section className="space-y-5">
      <Link href={`/payroll/companies/${company.id}`} className="text-blue-700 underline">
        {company.name1}
      </Link>
      <h1 className="text-2xl font-bold">{t("payroll.onboard.title")}</h1>
      <p className="text-slate-700">{t("payroll.onboard.intro")}</p>
      {employees.ok ? null : <PayrollProblem code={employees.code} />}
      <OnboardForm
        companyId={company.id}
        defaultEntry={firstDayOfMonth(company.current_month)}
        today={berlinToday()}
        proposedId={nextFreeId(list)}
        usedIds={list.map((employee) => employee.id)}
        insurers={insurers}
        countries={countryChoices(countryList, locale, ownCountryNames(t))}
        draft={draft}
      />
    </section>
  );
}

export default async function OnboardPage(props: Parameters<typeof OnboardPageBody>[0]) {
  const t = await getTranslations();
  return (
    <PayrollSuspense heading={t("payroll.onboard.title")}>
      <OnboardPageBody {...props} />
    </PayrollSuspense>
  );
}
