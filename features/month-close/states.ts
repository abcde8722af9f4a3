import { PERMISSIONS } from "@/features/workspaces/permissions";
import type { WorkspaceRoleName } from "@/features/workspaces/schemas";
import { MONTH_STATES, type MonthState } from "@/features/payroll/month-lock/states";
import type { MonthCloseView } from "./view-schema";

// The states themselves are the month lock's (below the entries and the month close).
export { MONTH_STATES, type MonthState };
// The month as the routes answer it: its schema is the server's (./view-schema.ts), the page reads the type.
export type { MonthCloseView, TransferDifference } from "./view-schema";

/**
 * The month close's states and who may do what in each (browser-safe: the page shows only the
 * actions this table allows; the service checks the same table inside its transaction).
 *
 * | action    | from                                          | to                                   | roles                  |
 * |-----------|-----------------------------------------------|--------------------------------------|------------------------|
 * | hand_in   | open                                          | handed_in                            | client (of this company: workspace_member_companies, checked by the service) |
 * | send_back | handed_in                                     | open (with a reason)                 | owner, clerk           |
 * | submit    | open, handed_in                               | in_review                            | owner, clerk           |
 * | withdraw | in_review                                     | open                                 | the submitter          |
 * | approve  | in_review                                     | approved                             | owner, approver (four eyes: not the submitter) |
 * | transfer | approved, waiting_for_pay_run, transfer_unclear | transferred / waiting_for_pay_run / transfer_unclear / approved | owner, clerk, approver |
 * | check    | transfer_unclear                              | transferred or approved              | owner, clerk, approver |
 * | reopen   | approved, transferred, waiting_for_pay_run    | open (next round)                    | owner, approver        |
 *
 * A client holds only `hand_in`: no firm action, even if a role table were to grant the client a
 * permission (a person whose roles are exactly ['client'] is the firm's client). While a month is
 * Handed in the firm may still correct its drafts, the client may not (features/payroll/month-lock).
 *
 * A transfer_unclear month may also be sent again (transfers replace the month), for a service whose
 * stored data cannot be read back. The role sets match features/workspaces/permissions (payroll.edit / payroll.approve) once that is merged.
 */

export const MONTH_ACTIONS = [
  "hand_in",
  "send_back",
  "submit",
  "withdraw",
  "approve",
  "transfer",
  "check",
  "reopen",
] as const;
export type MonthAction = (typeof MONTH_ACTIONS)[number];

export const ACTION_FROM: Record<MonthAction, readonly MonthState[]> = {
  hand_in: ["open"],
  send_back: ["handed_in"],
  submit: ["open", "handed_in"],
  withdraw: ["in_review"],
  approve: ["in_review"],
  transfer: ["approved", "waiting_for_pay_run", "transfer_unclear"],
  check: ["transfer_unclear"],
  // Not from transfer_unclear: the service may hold the month; check first.
  reopen: ["approved", "transferred", "waiting_for_pay_run"],
};

/** Where an action stands in the month's life: the first state (MONTH_STATES) it moves the month from. */
const firstFrom = (action: MonthAction) => Math.min(...ACTION_FROM[action].map((state) => MONTH_STATES.indexOf(state)));

/**
 * The actions in the order of the month's life, as the month bar shows its buttons: by the first
 * state each moves the month from, then as MONTH_ACTIONS lists them (the sort is stable). Derived
 * from the tables above, so a new action or state takes its place without another list.
 */
export const MONTH_ACTION_ORDER: readonly MonthAction[] = [...MONTH_ACTIONS].sort(
  (a, b) => firstFrom(a) - firstFrom(b),
);

// From the workspace's one role → permission table: preparing is `payroll.edit`, approving `payroll.approve`.
const PREPARE = PERMISSIONS["payroll.edit"];
const APPROVE = PERMISSIONS["payroll.approve"];
const EITHER = [...new Set<WorkspaceRoleName>([...PREPARE, ...APPROVE])];
export const ACTION_ROLES: Record<MonthAction, readonly WorkspaceRoleName[]> = {
  hand_in: ["client"],
  send_back: PREPARE,
  submit: PREPARE,
  // The submitter is checked by person, not role (anyone who could submit).
  withdraw: PREPARE,
  approve: APPROVE,
  transfer: EITHER,
  check: EITHER,
  reopen: APPROVE,
};

export function holdsRole(roles: readonly WorkspaceRoleName[], action: MonthAction): boolean {
  // The client's only action is hand_in; the firm's roles never hand in.
  const acting = action === "hand_in" ? roles : roles.filter((role) => role !== "client");
  return acting.some((role) => ACTION_ROLES[action].includes(role));
}

/**
 * The state a page shows (`Month status`): a month stored as Transfer unclear while a Transfer's
 * lease is live reads Transferring (its job is queued or sending; features/month-close/server/transfer-job.ts).
 */
export type ShownMonthState = MonthState | "transferring";

export function shownState(view: Pick<MonthCloseView, "state" | "transferUnderWay">): ShownMonthState {
  return view.state === "transfer_unclear" && view.transferUnderWay ? "transferring" : view.state;
}

/** The actions a person may take now (the buttons the page shows). */
export function actionsFor(
  view: Pick<MonthCloseView, "state" | "submittedById" | "fourEyes"> &
    Partial<Pick<MonthCloseView, "transferUnderWay" | "rereadDueAt">>,
  person: { id: string; roles: readonly WorkspaceRoleName[] },
): MonthAction[] {
  return MONTH_ACTIONS.filter((action) => {
    if (!ACTION_FROM[action].includes(view.state) || !holdsRole(person.roles, action)) return false;
    // A live Transfer holds the month; the last one's 10-minute re-read holds a new one back.
    if ((action === "transfer" || action === "check") && view.transferUnderWay) return false;
    if (action === "transfer" && view.rereadDueAt) return false;
    if (action === "withdraw") return view.submittedById === person.id;
    if (action === "approve") return !(view.fourEyes && view.submittedById === person.id);
    return true;
  });
}
