/**
 * The states of a month's row (`month_closes.state`). The month lock reads them (only an Open
 * month takes draft saves: ./server/frozen.ts); the month close (features/month-close/states.ts) moves
 * a month between them. Here, below both, so that the entries need not know the month close.
 */
export const MONTH_STATES = [
  "open",
  "handed_in",
  "in_review",
  "approved",
  "transferred",
  "transfer_unclear",
  "waiting_for_pay_run",
] as const;
export type MonthState = (typeof MONTH_STATES)[number];

/** A month of a company's payroll, under one connection: the key of its `month_closes` row. */
export interface MonthKey {
  connectionId: string;
  companyId: number;
  period: string;
}

/** A firm's role (anything but `client`): the string form, so this file needs no workspace import. */
const isFirmRole = (role: string) => role !== "client";

/**
 * What each state means to the rest of the app, in one table: every list of states elsewhere
 * (reminders, the overview's urgency and links, acknowledgements, the draft lock, the month panel)
 * is a predicate below, so a new state is one row here plus its words (messages) and its moves
 * (features/month-close/states.ts `ACTION_FROM`).
 */
interface MonthStateTraits {
  /** Who may change the month's drafts: everyone who may edit, only the firm, or no one (frozen). */
  edits: "all" | "firm" | "none";
  /** Its client may still enter it and is reminded of it (features/reminders/server/clients.ts). */
  awaitsClient: boolean;
  /** Its client handed it in: the firm reviews it, then submits it or sends it back. */
  awaitsFirm: boolean;
  /** Submitted for approval: an approver's turn. */
  awaitsApproval: boolean;
  /** The firm has not submitted it yet: deadline reminders go out (features/reminders/server/due.ts). */
  notSubmitted: boolean;
  /** Its checks' warnings may still be acknowledged (features/month-close/server/acknowledgements.ts). */
  takesAcknowledgements: boolean;
  /** Its data reached the payroll service as approved: no longer overdue (features/overview/urgency.ts). */
  delivered: boolean;
}

// A state past the firm's submission: frozen, nobody's turn before the approver, nothing to acknowledge.
const after = {
  edits: "none",
  awaitsClient: false,
  awaitsFirm: false,
  awaitsApproval: false,
  notSubmitted: false,
  takesAcknowledgements: false,
  delivered: false,
} as const;

export const MONTH_STATE_TRAITS = {
  open: { ...after, edits: "all", awaitsClient: true, notSubmitted: true, takesAcknowledgements: true },
  handed_in: { ...after, edits: "firm", awaitsFirm: true, notSubmitted: true, takesAcknowledgements: true },
  in_review: { ...after, awaitsApproval: true, takesAcknowledgements: true },
  approved: after,
  transferred: { ...after, delivered: true },
  transfer_unclear: after,
  waiting_for_pay_run: after,
} as const satisfies Record<MonthState, MonthStateTraits>;

type Traits = typeof MONTH_STATE_TRAITS;
/** The states with a trait set, as a type (e.g. `StatesWhere<"notSubmitted">` is "open" | "handed_in"). */
export type StatesWhere<K extends keyof MonthStateTraits> = {
  [S in MonthState]: Traits[S][K] extends true ? S : never;
}[MonthState];

function statesWhere<K extends keyof MonthStateTraits>(trait: K): StatesWhere<K>[] {
  return MONTH_STATES.filter((state) => MONTH_STATE_TRAITS[state][trait] === true) as StatesWhere<K>[];
}

const is =
  <K extends keyof MonthStateTraits>(trait: K) =>
  (state: MonthState): state is StatesWhere<K> =>
    MONTH_STATE_TRAITS[state][trait] === true;

export const awaitsClient = is("awaitsClient");
export const awaitsFirm = is("awaitsFirm");
export const awaitsApproval = is("awaitsApproval");
export const notSubmitted = is("notSubmitted");
export const takesAcknowledgements = is("takesAcknowledgements");
export const delivered = is("delivered");
/** The firm's review page is where such a month opens for the firm (handed in or in review). */
export const underReview = (state: MonthState) => awaitsFirm(state) || awaitsApproval(state);
/** The states deadline reminders look at, for queries that filter in SQL. */
export const NOT_SUBMITTED_STATES = statesWhere("notSubmitted");

/** Who may change the drafts in this state: "firm" asks for the editor's roles (features/payroll/month-lock/server/frozen.ts). */
export const editsIn = (state: MonthState): MonthStateTraits["edits"] => MONTH_STATE_TRAITS[state].edits;

/**
 * Whether a person holding these roles may change the month's drafts in this state: anyone who
 * may edit while it is Open; once the client handed it in (Handed in), only the firm (its clerks
 * correct what they review before they submit it or send it back), not the client, whose part is
 * done until the month is sent back. Every other state is frozen for all.
 */
export function monthTakesEdits(state: MonthState, roles: readonly string[]): boolean {
  const edits = editsIn(state);
  return edits === "all" || (edits === "firm" && roles.some(isFirmRole));
}
