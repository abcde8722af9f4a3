import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { HoverPrefetchLink } from "@/components/hover-prefetch-link";
import { PayrollProblem } from "@/features/payroll/components/connection/payroll-problem";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { Notice } from "@/components/ui/notice";
import { CompanyElsewhere } from "@/features/workspaces/components/company-elsewhere";
import { formatMonth } from "@/lib/i18n/format";
import { approverSummary } from "@/features/month-close/summary/server/service";
import { attemptPayroll, payrollPageState } from "@/features/payroll/server/pages";
import { recordView } from "@/features/records/server/access-log/record";
import { MonthClosePanel } from "../month-close-panel";
import { EmployeeTable } from "./employee-table";
import { FlaggedLines } from "./flagged-lines";
import { PublishGate } from "./publish-gate";
import { TypeTotals } from "./type-totals";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The server half of the approver's summary: who, which company, its month's close with Approve
 * and Reopen (the month close's own panel), then the figures per employee, the totals by type and
 * the flagged lines (features/month-close/summary). `month` is the month the link named: the summary is
 * of the company's payroll month, and says so when that is another one.
 */
export async function SummaryScreen({ companyId, month }: { companyId: string; month: string | undefined }) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const heading = t("approverSummary.link");
  const state = await payrollPageState(companyId);
  if (state.kind === "signed_out") return <SignedOutNotice heading={heading} />;
  if (state.kind === "ambiguous") return <PayrollProblem code="ambiguous_company" />;
  if (state.kind === "not_connected")
    return (
      <CompanyElsewhere user={state.user} companyId={companyId} fallback={<PayrollProblem code="not_connected" />} />
    );
  const result = await attemptPayroll(() => approverSummary(state, companyId));
  if (!result.ok) return <PayrollProblem code={result.code} />;
  if (result.value.kind === "not_reachable") {
    const notReachable = (
      <section className="space-y-3">
        <h1 className="text-2xl font-bold">{heading}</h1>
        <p role="alert">{t("approverSummary.notReachable")}</p>
        <HoverPrefetchLink href="/payroll" className="text-blue-700 underline">
          {t("nav.payroll")}
        </HoverPrefetchLink>
      </section>
    );
    return <CompanyElsewhere user={state.user} companyId={companyId} fallback={notReachable} />;
  }
  const { company, close, summary } = result.value;
  // Who looked at whose pay (issue #38 §4): the employees whose figures the summary lists.
  recordView(state.user, {
    kind: "summary_view",
    companyId: company.id,
    period: company.current_month,
    employeeIds: summary.rows.map((row) => row.employee_id),
  });
  const shownMonth = formatMonth(locale, company.current_month);
  const link = "text-blue-700 underline";
  return (
    // data-wide: the page may use up to 1440 px (app/layout.tsx), so the comparison's columns fit beside each other.
    <section data-wide="" className="space-y-5">
      <nav className="flex flex-wrap gap-4 text-sm" aria-label={company.name1}>
        <HoverPrefetchLink href={`/payroll/companies/${company.id}`} className={link}>
          {company.name1}
        </HoverPrefetchLink>
        <HoverPrefetchLink href={`/payroll/companies/${company.id}/hours`} className={link}>
          {t("payrollEntries.hoursLink")}
        </HoverPrefetchLink>
        <HoverPrefetchLink href={`/payroll/companies/${company.id}/payments`} className={link}>
          {t("payrollEntries.paymentsLink")}
        </HoverPrefetchLink>
      </nav>
      <div>
        <h1 className="text-2xl font-bold">{t("approverSummary.title", { company: company.name1 })}</h1>
        <p className="font-medium">{t("approverSummary.month", { month: shownMonth })}</p>
        <p className="text-slate-700">
          {summary.previous_period
            ? t("approverSummary.comparedWith", { month: formatMonth(locale, summary.previous_period) })
            : t("approverSummary.noPrevious")}
        </p>
      </div>
      {month && month !== company.current_month ? (
        <Notice tone="warning">
          {t("approverSummary.otherMonth", {
            requested: MONTH.test(month) ? formatMonth(locale, month) : month,
            month: shownMonth,
          })}
        </Notice>
      ) : null}
      {close ? (
        <>
          <PublishGate counts={{ blockers: summary.counts.blockers, unacknowledged: summary.counts.unacknowledged }} />
          <MonthClosePanel
            companyId={company.id}
            view={close.view}
            actions={close.actions}
            fourEyesBlocksMe={close.fourEyesBlocksMe}
            client={close.client}
          />
        </>
      ) : null}
      <EmployeeTable summary={summary} />
      <TypeTotals summary={summary} />
      <FlaggedLines summary={summary} companyId={company.id} />
    </section>
  );
}
