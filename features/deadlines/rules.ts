/** The Lands and the firm's cut-off rule: pure values, without the holidays' library (./deadlines.ts). */

export const LANDS = [
  "BW",
  "BY",
  "BE",
  "BB",
  "HB",
  "HH",
  "HE",
  "MV",
  "NI",
  "NW",
  "RP",
  "SL",
  "SN",
  "ST",
  "SH",
  "TH",
] as const;
export type Land = (typeof LANDS)[number];

/**
 * The firm's cut-off for its clients' data of a month:
 * - `day_of_month`: that day of the payroll month (the month's last day when it is shorter); when
 *   it is not a bank working day, the bank working day before it (people are there to receive the
 *   data on bank working days, and earlier is the safe side of a deadline). Never after the
 *   statement's last day to send: a later day is moved back to it.
 * - `bank_days_before_statement`: `days` bank working days before the statement's last day to
 *   send (0: that day itself).
 */
export type CutOffRule = { kind: "day_of_month"; day: number } | { kind: "bank_days_before_statement"; days: number };

/** Limits of a cut-off rule's number, shared by the settings' schema. */
export const CUT_OFF_LIMITS = { day: { min: 1, max: 31 }, days: { min: 0, max: 15 } } as const;
