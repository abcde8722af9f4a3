/**
 * The states of a month's row (`month_closes.state`). The month lock reads them (only an Open
 * month takes draft saves: ./server/frozen.ts); the month close (lib/month-close/states.ts) moves
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
