import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { AddConnection } from "@/features/payroll/components/connection/add-connection";
import { ConnectForm } from "@/features/payroll/components/connection/connect-form";
import { IntlScope } from "@/components/intl-scope";
import { WorkspaceConnections } from "@/features/payroll/components/connection/workspace-connections";
import { Notice } from "@/components/ui/notice";
import { PayrollProblem } from "@/features/payroll/components/connection/payroll-problem";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { formatMonth } from "@/lib/i18n/format";
import { getLocale, getTranslations } from "next-intl/server";
import { cachedCompanies, syncCompanies } from "@/features/payroll/connection/server/companies";
import { payrollConfig } from "@/features/payroll/upstream/server/config";
import { payrollActor } from "@/features/payroll/server/access";
import { workspaceConnections } from "@/features/payroll/connection/server/workspace-connections";
import { can, isClient } from "@/features/workspaces/permissions";
import { getSessionUser } from "@/lib/auth/server/session";
import { ClientCompanies } from "@/features/workspaces/components/clients/client-companies";
import { attemptPayroll, payrollPageState, type PayrollPageState } from "@/features/payroll/server/pages";
import { PayrollLoading } from "@/features/payroll/components/connection/payroll-problem";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { checkCountsForList, monthClosesForList } from "@/features/month-close/server/page-data";
import { CheckCountsCell } from "@/features/month-close/components/check-counts-cell";
import { ListDifference } from "@/features/month-close/components/list-difference";
import { shownState, type MonthCloseView } from "@/features/month-close/states";
import { Table, TableCell, TableRow } from "@/components/ui/table";
import { awaitsApproval } from "@/features/payroll/month-lock/states";

/** A company's month as the list shows it (Transferring while a Transfer's job runs). */
const shownOf = (view: MonthCloseView | undefined) => (view ? shownState(view) : "open");

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
  const [t, user] = await Promise.all([getTranslations(), getSessionUser()]);
  // The firm's client lands here: their own companies only (features/workspaces/permissions.ts).
  if (user && isClient(user.workspace?.roles)) return <ClientCompanies user={user} />;
  const state = await payrollPageState();
  if (state.kind === "signed_out") return <SignedOutNotice heading={t("nav.payroll")} />;
  const workspace = state.user.workspace;
  const connections = workspace ? await workspaceConnections(payrollActor(state.user)) : [];
  // What the person may change here; the routes' queries decide again (features/workspaces/permissions.ts).
  const manageable = can(workspace?.roles, "payroll.manage");
  const editable = can(workspace?.roles, "payroll.edit");
  const header = (
    <>
      <h1 className="text-2xl font-bold">{t("payroll.title")}</h1>
      {workspace && !workspace.personal ? (
        <p className="text-slate-700">{t("payroll.connections.sharedIn", { name: workspace.name })}</p>
      ) : null}
      {editable ? null : (
        <Notice tone="info" role="note">
          {t("payroll.connections.readOnly")}
        </Notice>
      )}
    </>
  );
  if (state.kind !== "ready") {
    return (
      <section className="space-y-5">
        {header}
        <WorkspaceConnections connections={connections} manageable={manageable} />
        {manageable ? (
          <ConnectForm defaultBaseUrl={payrollConfig().defaultBaseUrl} />
        ) : (
          <p>{t("payroll.connections.ownerOnly")}</p>
        )}
      </section>
    );
  }
  return (
    <section className="space-y-6">
      {header}
      <WorkspaceConnections connections={connections} manageable={manageable} />
      {/* The shell streams at once; the list follows when the service answers (or the page's deadline passes). */}
      <Suspense fallback={<PayrollLoading />}>
        <Companies state={state} />
      </Suspense>
      {manageable ? <AddConnection defaultBaseUrl={payrollConfig().defaultBaseUrl} /> : null}
    </section>
  );
}

/** The company list, re-read from the service (the stored one when the service cannot answer). */
async function Companies({ state }: { state: Extract<PayrollPageState, { kind: "ready" }> }) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const synced = await attemptPayroll(() => syncCompanies(state.connection.id, state.client));
  const companies = synced.ok ? synced.value : await cachedCompanies(state.connection.id);
  const [closes, checks] = await Promise.all([
    monthClosesForList(state.user, state.connection.id, companies),
    checkCountsForList(state.user, state.connection.id, state.client, companies),
  ]);
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
        <Table
          columns={[
            t("payroll.companies.id"),
            t("payroll.companies.name"),
            t("payroll.companies.address"),
            t("payroll.companies.month"),
            t("monthClose.listStatus"),
            t("monthClose.listWho"),
            t("monthClose.listChecks"),
          ]}
          className="overflow-hidden rounded-lg"
        >
          {companies.map((company) => (
            <TableRow key={company.id}>
              <TableCell numeric>{company.id}</TableCell>
              <TableCell>
                {/* A month in review opens at its approver's summary. */}
                <Link
                  href={
                    awaitsApproval(closes.get(company.id)?.state ?? "open")
                      ? `/payroll/companies/${company.id}/review?month=${company.current_month}`
                      : `/payroll/companies/${company.id}`
                  }
                  className="font-medium text-blue-700 underline"
                >
                  {company.name1}
                </Link>
                {company.name2 ? <div className="text-sm text-slate-600">{company.name2}</div> : null}
              </TableCell>
              <TableCell>
                {company.address.street_address}, {company.address.postal_code} {company.address.location}
              </TableCell>
              <TableCell>{formatMonth(locale, company.current_month)}</TableCell>
              <TableCell data-month-state={closes.get(company.id)?.state ?? "open"}>
                {t(`monthClose.state.${shownOf(closes.get(company.id))}`)}
                <ListDifference difference={closes.get(company.id)?.transferDifference ?? null} />
              </TableCell>
              <TableCell className="text-sm">
                {[
                  closes.get(company.id)?.submittedBy
                    ? t("monthClose.listSubmitted", { name: closes.get(company.id)?.submittedBy ?? "" })
                    : "",
                  closes.get(company.id)?.approvedBy
                    ? t("monthClose.listApproved", { name: closes.get(company.id)?.approvedBy ?? "" })
                    : "",
                ]
                  .filter(Boolean)
                  .join(" · ") || "–"}
              </TableCell>
              <CheckCountsCell counts={checks.get(company.id) ?? null} />
            </TableRow>
          ))}
        </Table>
      </ScrollRegion>
    </>
  );
}
