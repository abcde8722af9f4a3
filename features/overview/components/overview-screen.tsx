import "server-only";
import Link from "next/link";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getSessionUser } from "@/lib/auth/server/session";
import { notForClients } from "@/features/workspaces/server/client-guard";
import { FEDERAL_STATES } from "@/features/month-close/checks/federal-states";
import { MONTH_STATES } from "@/features/month-close/states";
import { readOverviewSearchParams, type OverviewSearchParams, type RawSearchParams } from "@/features/overview/filters";
import { connectionsHealth } from "@/features/overview/server/health";
import { ownersFirstRun } from "@/features/overview/server/first-run";
import { overviewFor, type OverviewViewer } from "@/features/overview/server/rows";
import type { OverviewAnswer } from "@/features/overview/types";
import type { RowTexts } from "./client-row";
import { ClientsTable } from "./clients-table";
import { ConnectionHealth } from "./connection-health";
import { FirstRunChecklist } from "./first-run-checklist";
import { OverviewFilters } from "./overview-filters";

/**
 * `/overview`: every payroll company of the workspace's connections with its month, checks,
 * people and dates (the `Clients` table), its filters in the URL, and the connections' health.
 * Everything is read from Postgres through the overview's service (the jobs keep it fresh);
 * the rows are in the server's first HTML.
 */
export async function OverviewScreen({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const t = await getTranslations();
  const user = await getSessionUser();
  notForClients(user);
  if (!user) return <SignedOutNotice heading={t("overview.title")} />;
  const params = readOverviewSearchParams(await searchParams);
  if (!user.workspace) return <SignedOutNotice heading={t("overview.title")} />;
  const viewer: OverviewViewer = { userId: user.id, workspaceId: user.workspace.id, roles: user.workspace.roles };
  const answer = await overviewFor(viewer, params);
  // Counted only until it is first complete (then remembered: no counts on later views).
  const checklist = user.workspace.roles.includes("owner")
    ? await ownersFirstRun(user.workspace.id, user.id, () => everyCompany(viewer, params, answer))
    : null;
  const texts: RowTexts = {
    states: Object.fromEntries(
      [...MONTH_STATES, "transferring" as const].map((state) => [state, t(`monthClose.state.${state}`)]),
    ),
    lands: Object.fromEntries(FEDERAL_STATES.map((land) => [land, t(`monthChecks.federalStates.${land}`)])),
  };
  return (
    // data-wide: the page may use up to 1440 px (app/layout.tsx), so at a laptop's width the whole table fits.
    <section data-wide="" className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">{t("overview.title")}</h1>
        <p className="text-slate-700">{t("overview.intro")}</p>
      </div>
      {checklist && !checklist.complete ? <FirstRunChecklist checklist={checklist} /> : null}
      {answer.connections.length === 0 ? (
        <p>
          {t("overview.noConnection")}{" "}
          <Link href="/payroll" className="text-blue-700 underline">
            {t("overview.connectLink")}
          </Link>
        </p>
      ) : null}
      <OverviewFilters params={params} connections={answer.connections} />
      <ClientsTable answer={answer} texts={texts} />
      {/* The health streams after the rows: the table is what a clerk looks at first. */}
      <Suspense fallback={null}>
        <Health viewer={viewer} />
      </Suspense>
    </section>
  );
}

/** Every company of the workspace: the page's rows when no filter narrows them, else read again without. */
async function everyCompany(viewer: OverviewViewer, params: OverviewSearchParams, answer: OverviewAnswer) {
  const filtered = params.show.length > 0 || params.connection !== null || params.q !== null;
  return filtered ? (await overviewFor(viewer, { show: [], connection: null, q: null })).rows : answer.rows;
}

async function Health({ viewer }: { viewer: OverviewViewer }) {
  return <ConnectionHealth health={await connectionsHealth(viewer.userId, viewer.workspaceId)} />;
}
