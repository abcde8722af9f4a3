import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { IntlScope } from "@/components/intl-scope";
import { EmployeeTable } from "@/features/payroll/components/employees/employee-table";
import { PayrollLoading, PayrollProblem } from "@/features/payroll/components/connection/payroll-problem";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { CompanyElsewhere } from "@/features/workspaces/components/company-elsewhere";
import { buttonClassName } from "@/components/ui/button";
import { getLocale, getTranslations } from "next-intl/server";
import { formatDay, formatMonth } from "@/lib/i18n/format";
import { insurerWarnings } from "@/features/payroll/connection/company-view";
import type { CompanyRecord } from "@/features/payroll/connection/server/companies";
import { employeeRows, insurerLabels } from "@/features/payroll/employees/employee-rows";
import { can } from "@/features/workspaces/permissions";
import {
  attemptPayroll,
  companyForPage,
  payrollPageState,
  referenceListsReady,
  type PayrollPageState,
} from "@/features/payroll/server/pages";
import { payrollKeys } from "@/features/payroll/query-keys";
import { healthInsurances } from "@/features/payroll/employees/server/reference-lists";
import { Notice } from "@/components/ui/notice";
import { CompanySettingsForm } from "@/features/month-close/components/settings/company-settings-form";
import { CompanyDeadlineForm } from "@/features/deadlines/components/company-deadline-form";
import { companyDeadlineView } from "@/features/deadlines/server/settings";
import { employeeCheckSettings } from "@/features/month-close/settings/server/read";
import { companySettingsView, type CompanySettingsView } from "@/features/month-close/settings/server/service";
import { VersionsSection } from "@/features/month-close/components/sealing/versions-section";
import { companyVersions } from "@/features/month-close/sealing/server/versions";
import { DatevSettingsForm } from "@/features/datev/components/datev-settings-form";
import { companyDatevSettings } from "@/features/datev/server/settings";
import { ErasureRequestsSection } from "@/features/records/components/erasure-requests-section";
import { companyErasureRequests } from "@/features/records/erasure/server/requests";
import { withoutRestricted } from "@/features/records/erasure/server/restricted";
import { PersonnelNumbersSection } from "@/features/datev/components/personnel-numbers-section";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("payroll.companies.title") };
}

// The employee table, check settings and problems are client components: they get these texts only.
export default function CompanyPage(props: { params: Promise<{ companyId: string }> }) {
  return (
    <IntlScope
      namespaces={[
        "payroll",
        "checkSettings",
        "monthChecks",
        "deadlines",
        "monthVersions",
        "payrollEntries",
        "datev",
        "recordExports",
        "erasure",
      ]}
    >
      <CompanyPageContent {...props} />
    </IntlScope>
  );
}

async function CompanyPageContent({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const state = await payrollPageState(companyId);
  if (state.kind === "signed_out") return <SignedOutNotice heading={t("payroll.title")} />;
  if (state.kind === "ambiguous") return <PayrollProblem code="ambiguous_company" />;
  // Not reached from this workspace: another of the person's workspaces may hold the company.
  if (state.kind === "not_connected")
    return (
      <CompanyElsewhere user={state.user} companyId={companyId} fallback={<PayrollProblem code="not_connected" />} />
    );
  const company = await companyForPage(state, companyId);
  if (!company) {
    const notFound = (
      <section className="space-y-3">
        <h1 className="text-2xl font-bold">{t("payroll.title")}</h1>
        <p role="alert">{t("payroll.company.notFound")}</p>
        <Link href="/payroll" className="text-blue-700 underline">
          {t("payroll.company.back")}
        </Link>
      </section>
    );
    return <CompanyElsewhere user={state.user} companyId={companyId} fallback={notFound} />;
  }
  // Onboarding and import are for roles that may edit (features/workspaces/permissions.ts); their routes refuse the others.
  const editable = can(state.user.workspace?.roles, "payroll.edit");
  const [settings, deadlines, datev] = await Promise.all([
    companySettingsView(state.connection.id, company),
    companyDeadlineView(state.connection.id, company.id),
    companyDatevSettings(state.user.workspace?.id ?? "", state.connection.id, company.id),
  ]);
  return (
    <section className="space-y-6">
      <Link href="/payroll" className="text-blue-700 underline">
        {t("payroll.company.back")}
      </Link>
      <div>
        <h1 className="text-2xl font-bold">{company.name1}</h1>
        {company.name2 ? <p className="text-slate-700">{company.name2}</p> : null}
        <p className="text-slate-700">
          {company.address.street_address}, {company.address.postal_code} {company.address.location}
        </p>
        <p className="font-medium">
          {t("payroll.company.currentMonth", { month: formatMonth(locale, company.current_month) })}
        </p>
      </div>
      {editable ? null : <p className="text-slate-700">{t("payroll.company.readOnly")}</p>}
      <div className="flex flex-wrap gap-3">
        {editable ? (
          <>
            <Link href={`/payroll/companies/${company.id}/onboard`} className={buttonClassName("primary")}>
              {t("payroll.company.onboard")}
            </Link>
            <Link href={`/payroll/companies/${company.id}/import`} className={buttonClassName("secondary")}>
              {t("payroll.company.import")}
            </Link>
          </>
        ) : null}
        <Link href={`/payroll/companies/${company.id}/hours`} className={buttonClassName("secondary")}>
          {t("payrollEntries.hoursLink")}
        </Link>
        <Link href={`/payroll/companies/${company.id}/payments`} className={buttonClassName("secondary")}>
          {t("payrollEntries.paymentsLink")}
        </Link>
      </div>
      {/* Keyed by language: a switch shows the form's numbers the new way (its values are typed text). */}
      <CompanySettingsForm key={locale} companyId={company.id} {...settings} editable={editable} />
      <CompanyDeadlineForm companyId={company.id} {...deadlines} editable={editable} />
      <DatevSettingsForm companyId={company.id} {...datev} editable={editable} />
      <Suspense fallback={<PayrollLoading />}>
        <PersonnelNumbersSection
          connectionId={state.connection.id}
          companyId={company.id}
          listEmployees={() => state.client.listEmployees(company.id)}
          editable={editable}
        />
      </Suspense>
      <Suspense fallback={<PayrollLoading />}>
        <SealedVersions state={state} company={company} />
      </Suspense>
      {/* The shell streams at once; the employees follow when the service answers (or the page's deadline passes). */}
      <Suspense fallback={<PayrollLoading />}>
        <Employees state={state} company={company} settings={settings} editable={editable} />
      </Suspense>
    </section>
  );
}

/** The company's sealed months (features/month-close/sealing), names resolved now. */
async function SealedVersions({ state, company }: { state: ReadyState; company: CompanyRecord }) {
  const props = await companyVersions(state.connection.id, company.id, () => state.client.listEmployees(company.id));
  return <VersionsSection {...props} />;
}

type ReadyState = Extract<PayrollPageState, { kind: "ready" }>;

async function Employees({
  state,
  company,
  settings,
  editable,
}: {
  state: ReadyState;
  company: CompanyRecord;
  settings: CompanySettingsView;
  editable: boolean;
}) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  await referenceListsReady(state.client);
  const [employees, insurers, employeeSettings, erasures] = await Promise.all([
    attemptPayroll(() => state.client.listEmployees(company.id)),
    healthInsurances(state.client.baseUrl),
    employeeCheckSettings(state.connection.id, company.id),
    companyErasureRequests(state.connection.id, company.id),
  ]);
  const byNumber = new Map(insurers.map((insurer) => [insurer.number, insurer]));
  const all = employees.ok ? employees.value : [];
  // Employees under an erasure request are left out of the list, shown marked in their own table below.
  const list = await withoutRestricted(state.connection.id, company.id, all);
  const owner = can(state.user.workspace?.roles, "workspace.manage");
  const warnings = insurerWarnings(list, byNumber, company.current_month);
  const labels = insurerLabels(insurers, company.current_month);
  // The rows rendered here seed the browser's employee query, so it does not ask again at once.
  const seeded = new QueryClient();
  seeded.setQueryData(payrollKeys.employees(company.id), employeeRows(list, labels));
  return (
    <>
      {warnings.length ? (
        <Notice tone="warning" role="region" aria-labelledby="insurer-warnings">
          <h2 id="insurer-warnings" className="font-semibold">
            {t("payroll.company.warningsTitle")}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {warnings.map((warning) => {
              const successor = warning.successor
                ? t("payroll.company.successorSuffix", { successor: warning.successor })
                : "";
              const values = {
                name: warning.name,
                id: warning.id,
                insurer: warning.insurer,
                date: formatDay(locale, warning.endDate),
                successor,
              };
              const key =
                warning.kind === "ended"
                  ? "payroll.company.warningEnded"
                  : warning.kind === "ending"
                    ? "payroll.company.warningEnding"
                    : "payroll.company.warningUnknown";
              return <li key={warning.id}>{t(key, values)}</li>;
            })}
          </ul>
        </Notice>
      ) : null}
      <h2 className="text-xl font-semibold">{t("payroll.company.employees")}</h2>
      {employees.ok ? null : <PayrollProblem code={employees.code} />}
      <HydrationBoundary state={dehydrate(seeded)}>
        <EmployeeTable
          companyId={company.id}
          insurers={labels}
          checkSettings={{
            editable,
            period: company.current_month,
            companyHoursLimit: settings.monthlyHoursLimit,
            employees: employeeSettings,
          }}
          personalData={can(state.user.workspace?.roles, "payroll.manage")}
          erasure={owner && state.user.workspace ? { workspaceId: state.user.workspace.id } : undefined}
        />
      </HydrationBoundary>
      <ErasureRequestsSection
        requests={erasures}
        employeeNames={Object.fromEntries(
          all.map((employee) => [employee.id, `${employee.first_name} ${employee.last_name}`]),
        )}
      />
    </>
  );
}
