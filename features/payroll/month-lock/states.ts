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
 * Whether a person holding these roles may change the month's drafts in this state: anyone who
 * may edit while it is Open; once the client handed it in (Handed in), only the firm (its clerks
 * correct what they review before they submit it or send it back), not the client, whose part is
 * done until the month is sent back. Every other state is frozen for all.
 */
export function monthTakesEdits(state: MonthState, roles: readonly string[]): boolean {
  if (state === "open") return true;
  return state === "handed_in" && roles.some(isFirmRole);
}
