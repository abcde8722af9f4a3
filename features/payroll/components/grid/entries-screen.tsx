import "server-only";
import { HoverPrefetchLink } from "@/components/hover-prefetch-link";
import { PayrollProblem } from "@/features/payroll/components/connection/payroll-problem";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { CompanyElsewhere } from "@/features/workspaces/components/company-elsewhere";
import { getLocale, getTranslations } from "next-intl/server";
import { formatDay, formatMonth } from "@/lib/i18n/format";
import { entriesPageData, freshCompany } from "@/features/payroll/entries/server/page-data";
import type { EntryKind } from "@/features/payroll/entries/kinds";
import { attemptPayroll, companyForPage, payrollPageState } from "@/features/payroll/server/pages";
import { can, isClient } from "@/features/workspaces/permissions";
import { MonthClosePanel } from "@/features/month-close/components/month-close-panel";
import { datevLastStep } from "@/features/datev/components/datev-last-step";
import { ChecksRegion } from "@/features/month-close/components/checks-region";
import { checksPageData, monthClosePageData } from "@/features/month-close/server/page-data";
import { recordView } from "@/features/records/server/access-log/record";
import { markRestricted } from "@/features/records/erasure/server/restricted";
import { EntriesWorkbench } from "./entries-workbench";

/** The server half of the hours and extra payments pages: who, which company, which month, what was saved. */
export async function EntriesScreen({ kind, companyId }: { kind: EntryKind; companyId: string }) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const heading = kind === "hours" ? t("payrollEntries.hoursLink") : t("payrollEntries.paymentsLink");
  // Open to the firm's clients for their own companies (features/workspaces/permissions.ts).
  const state = await payrollPageState(companyId, "payroll.read_own");
  if (state.kind === "signed_out") return <SignedOutNotice heading={heading} />;
  if (state.kind === "ambiguous") return <PayrollProblem code="ambiguous_company" />;
  // Not reached from this workspace: another of the person's workspaces may hold the company.
  if (state.kind === "not_connected")
    return (
      <CompanyElsewhere user={state.user} companyId={companyId} fallback={<PayrollProblem code="not_connected" />} />
    );
  const cached = await companyForPage(state, companyId);
  if (!cached) {
    const notReachable = (
      <section className="space-y-3">
        <h1 className="text-2xl font-bold">{heading}</h1>
        <p role="alert">{t("payrollEntries.notReachable")}</p>
        <HoverPrefetchLink href="/payroll" className="text-blue-700 underline">
          {t("nav.payroll")}
        </HoverPrefetchLink>
      </section>
    );
    return <CompanyElsewhere user={state.user} companyId={companyId} fallback={notReachable} />;
  }
  const company = await freshCompany(state.connection.id, state.client, cached);
  const [data, close] = await Promise.all([
    attemptPayroll(() => entriesPageData(state.connection.id, state.client, company, kind)),
    monthClosePageData(state.user, state.connection.id, company),
  ]);
  // An employee under an erasure request still in this month (requested during it) is marked (features/records/erasure).
  if (data.ok)
    data.value.employees = await markRestricted(state.connection.id, company.id, data.value.employees, (day) =>
      t("erasure.restricted", { date: formatDay(locale, day) }),
    );
  // The checks' inputs but the lines, once (the page re-runs the checks itself as lines change).
  const checks = close
    ? await attemptPayroll(() =>
        checksPageData(state.user, state.connection.id, state.client, company, close.view.state),
      )
    : null;
  // Who looked at whose pay (issue #38 §4): buffered, so the page does not wait for it.
  if (data.ok)
    recordView(state.user, {
      kind: kind === "hours" ? "hours_view" : "payments_view",
      companyId: company.id,
      period: company.current_month,
      employeeIds: data.value.employees.map((employee) => employee.id),
    });
  // Not Open: the month is frozen (the grid read-only), but for the firm while its client handed it in
  // (features/payroll/month-lock/states.ts); a new state mounts the grid anew.
  const frozen = close !== null && !close.takesMyEdits;
  const roles = state.user.workspace?.roles;
  const client = isClient(roles);
  // A DATEV company's last step is `Export for DATEV` instead of Transfer (features/datev); never a client's.
  const datev =
    close && !client
      ? await datevLastStep({
          workspaceId: state.user.workspace?.id ?? "",
          connectionId: state.connection.id,
          companyId: company.id,
          period: company.current_month,
        })
      : null;
  const title = t(kind === "hours" ? "payrollEntries.hoursTitle" : "payrollEntries.paymentsTitle", {
    company: company.name1,
  });
  const workbench = data.ok ? (
    <EntriesWorkbench
      key={`${company.id}-${company.current_month}-${kind}-${close?.view.state ?? "open"}`}
      kind={kind}
      companyId={company.id}
      companyName={company.name1}
      period={company.current_month}
      readOnly={frozen || !(can(roles, "payroll.edit") || can(roles, "payroll.enter_own"))}
      frozen={frozen}
      client={client}
      draftOwner={`${state.user.id}/${state.connection.id}`}
      {...data.value}
    />
  ) : (
    <PayrollProblem code={data.code} />
  );
  // A work surface the window's width (data-full, app/layout.tsx): a compact title line, the month's
  // bar, then the grid with the Checks beside it (a drawer below 1280 px, features/month-close/components/checks-panel.tsx).
  return (
    <section className="flex flex-col gap-2" data-full="">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <nav className="flex flex-wrap gap-4 text-sm" aria-label={company.name1}>
          {/* A client reaches the grids only, not the company page: their list of companies instead. */}
          <HoverPrefetchLink
            href={client ? "/payroll" : `/payroll/companies/${company.id}`}
            className="text-blue-700 underline"
          >
            {company.name1}
          </HoverPrefetchLink>
          <HoverPrefetchLink
            href={`/payroll/companies/${company.id}/hours`}
            aria-current={kind === "hours" ? "page" : undefined}
            className="text-blue-700 underline aria-[current=page]:font-semibold aria-[current=page]:no-underline"
          >
            {t("payrollEntries.hoursLink")}
          </HoverPrefetchLink>
          <HoverPrefetchLink
            href={`/payroll/companies/${company.id}/payments`}
            aria-current={kind === "payments" ? "page" : undefined}
            className="text-blue-700 underline aria-[current=page]:font-semibold aria-[current=page]:no-underline"
          >
            {t("payrollEntries.paymentsLink")}
          </HoverPrefetchLink>
        </nav>
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="text-sm font-medium">
          {t("payrollEntries.month", { month: formatMonth(locale, company.current_month) })}
        </p>
      </div>
      {close && data.ok ? (
        <MonthClosePanel
          companyId={company.id}
          view={close.view}
          actions={close.actions}
          fourEyesBlocksMe={close.fourEyesBlocksMe}
          client={close.client}
          cutOff={close.cutOff}
          summaryLink={!client}
          lastStep={datev?.step}
          lastStepDone={datev?.done}
        />
      ) : null}
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">{workbench}</div>
        {checks?.ok ? (
          <ChecksRegion
            key={checks.value.round}
            companyId={company.id}
            period={company.current_month}
            kind={kind}
            data={checks.value}
          />
        ) : null}
      </div>
    </section>
  );
}
