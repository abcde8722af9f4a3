import "server-only";
import type { SessionUser } from "@/lib/auth/server/session-store";
import { now } from "@/lib/clock";
import { berlinToday } from "@/lib/dates/berlin";
import { getDb } from "@/lib/db/client";
import { companyDeadlineSettings, companyMonthDeadlines } from "@/features/deadlines/server/company-deadlines";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import type { EntryKind, StoredLine } from "@/features/payroll/entries/kinds";
import { acknowledgementsOf, mayAcknowledge, type AcknowledgementView } from "./acknowledgements";
import { checkContext, monthCheckInput, monthLines } from "./check-input";
import { monthGate, type CheckContext } from "../gate";
import { monthTakesEdits, takesAcknowledgements } from "@/features/payroll/month-lock/states";
import { monthCloseView, monthCloseViews } from "./views";
import { ACTION_FROM, actionsFor, holdsRole, type MonthAction, type MonthCloseView, type MonthState } from "../states";

export interface MonthClosePageData {
  view: MonthCloseView;
  actions: MonthAction[];
  /** The person could approve by role but submitted the month while four eyes is on. */
  fourEyesBlocksMe: boolean;
  /** The person is the firm's client (roles exactly ['client']): the bar speaks to them as such. */
  client: boolean;
  /** The month takes this person's draft edits in its state (Handed in: the firm's, not the client's). */
  takesMyEdits: boolean;
  /** When the person may hand the month in: the firm's cut-off for it and today, both `YYYY-MM-DD` in Berlin. */
  cutOff: { date: string; today: string } | null;
}

/** The month close of a company's current month as this person sees it (null before they have a workspace). */
export async function monthClosePageData(
  user: SessionUser,
  connectionId: string,
  company: { id: number; current_month: string },
): Promise<MonthClosePageData | null> {
  const workspace = user.workspace;
  if (!workspace) return null;
  const view = await monthCloseView(
    { connectionId, companyId: company.id, period: company.current_month },
    workspace.id,
  );
  const person = { id: user.id, roles: workspace.roles };
  const fourEyesBlocksMe =
    ACTION_FROM.approve.includes(view.state) &&
    holdsRole(workspace.roles, "approve") &&
    view.fourEyes &&
    view.submittedById === user.id;
  const client = workspace.roles.length > 0 && workspace.roles.every((role) => role === "client");
  const actions = actionsFor(view, person);
  // The Hand in confirmation names the firm's cut-off (the company's rule, else the workspace's).
  const cutOff = actions.includes("hand_in") ? await cutOffOf(connectionId, company) : null;
  return {
    view,
    actions,
    fourEyesBlocksMe,
    client,
    takesMyEdits: monthTakesEdits(view.state, workspace.roles),
    cutOff,
  };
}

async function cutOffOf(
  connectionId: string,
  company: { id: number; current_month: string },
): Promise<{ date: string; today: string }> {
  const settings = (await companyDeadlineSettings(getDb(), connectionId, [company.id])).get(company.id)!;
  return { date: companyMonthDeadlines(settings, company.current_month).cutOff, today: berlinToday(now()) };
}

/** The company list's month states (an empty map before the person has a workspace). */
export async function monthClosesForList(
  user: SessionUser,
  connectionId: string,
  companies: readonly { id: number; current_month: string }[],
): Promise<Map<number, MonthCloseView>> {
  if (!user.workspace || companies.length === 0) return new Map();
  return monthCloseViews(connectionId, companies, user.workspace.id);
}

/** What the Checks region of the hours and payments pages needs from the server, once per page. */
export interface ChecksPageData {
  /** Everything the checks read apart from the lines (employees, insurers, settings, holidays, previous month). */
  context: CheckContext;
  /** Both kinds' stored draft lines: the page's own kind is replaced by the grid's live lines. */
  lines: Record<EntryKind, StoredLine[]>;
  round: number;
  acknowledgements: AcknowledgementView[];
  /** The person may acknowledge now (role, and the month Open or In review). */
  canAcknowledge: boolean;
}

export async function checksPageData(
  user: SessionUser,
  connectionId: string,
  client: PayrollClient,
  company: { id: number; current_month: string },
  state: MonthState,
): Promise<ChecksPageData> {
  const key = { connectionId, companyId: company.id, period: company.current_month };
  const [context, lines, acknowledged] = await Promise.all([
    checkContext(key, client),
    monthLines(getDb(), key),
    acknowledgementsOf(key),
  ]);
  return {
    context,
    lines,
    round: acknowledged.round,
    acknowledgements: acknowledged.acknowledgements,
    canAcknowledge: mayAcknowledge(user.workspace?.roles ?? []) && takesAcknowledgements(state),
  };
}

/** A company's open blockers and unacknowledged warnings of its current month; null: not computed (no draft). */
export type ListCheckCounts = { blockers: number; warnings: number } | null;

/**
 * The company list's check counts: the checks run on the server only for companies whose current
 * month has draft lines (the others have nothing to check yet and show "—"), with the round's
 * acknowledgements. A company whose employees cannot be read now is left "—" too.
 */
export async function checkCountsForList(
  user: SessionUser,
  connectionId: string,
  client: PayrollClient,
  companies: readonly { id: number; current_month: string }[],
): Promise<Map<number, ListCheckCounts>> {
  const counts = new Map<number, ListCheckCounts>();
  if (!user.workspace || companies.length === 0) return counts;
  const drafted = await getDb().payrollEntryDraftLine.findMany({
    where: {
      connectionId,
      deleted: false,
      OR: companies.map((company) => ({ companyId: company.id, period: company.current_month })),
    },
    distinct: ["companyId"],
    select: { companyId: true },
  });
  const withDraft = new Set(drafted.map((row) => row.companyId));
  await Promise.all(
    companies.map(async (company) => {
      if (!withDraft.has(company.id)) return counts.set(company.id, null);
      const key = { connectionId, companyId: company.id, period: company.current_month };
      try {
        const [input, acknowledged] = await Promise.all([monthCheckInput(key, client), acknowledgementsOf(key)]);
        const gate = monthGate(input, new Set(acknowledged.acknowledgements.map((ack) => ack.warningId)));
        counts.set(company.id, { blockers: gate.blockers.length, warnings: gate.unacknowledged.length });
      } catch {
        counts.set(company.id, null);
      }
    }),
  );
  return counts;
}
