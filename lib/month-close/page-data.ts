import "server-only";
import type { SessionUser } from "@/lib/auth/session-store";
import { monthCloseView, monthCloseViews } from "./service";
import { ACTION_FROM, actionsFor, holdsRole, type MonthAction, type MonthCloseView } from "./states";

export interface MonthClosePageData {
  view: MonthCloseView;
  actions: MonthAction[];
  /** The person could approve by role but submitted the month while four eyes is on. */
  fourEyesBlocksMe: boolean;
}

/** The month close of a company's current month as this person sees it (null before they have a workspace). */
export async function monthClosePageData(user: SessionUser, connectionId: string, company: { id: number; current_month: string }): Promise<MonthClosePageData | null> {
  const workspace = user.workspace;
  if (!workspace) return null;
  const view = await monthCloseView({ connectionId, companyId: company.id, period: company.current_month }, workspace.id);
  const person = { id: user.id, roles: workspace.roles };
  const fourEyesBlocksMe = ACTION_FROM.approve.includes(view.state) && holdsRole(workspace.roles, "approve") && view.fourEyes && view.submittedById === user.id;
  return { view, actions: actionsFor(view, person), fourEyesBlocksMe };
}

/** The company list's month states (an empty map before the person has a workspace). */
export async function monthClosesForList(user: SessionUser, connectionId: string, companies: readonly { id: number; current_month: string }[]): Promise<Map<number, MonthCloseView>> {
  if (!user.workspace || companies.length === 0) return new Map();
  return monthCloseViews(connectionId, companies, user.workspace.id);
}
