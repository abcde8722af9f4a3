/** The two kinds of monthly entries and their fields, as the payroll service names them. */
export const HOURLY_COMPENSATION_TYPES = [
  "HOURLY_WAGE",
  "HOLIDAY_SURCHARGE_125",
  "HOLIDAY_SURCHARGE_150",
  "NIGHT_SUPPLEMENT_25",
  "NIGHT_SUPPLEMENT_40",
  "SUNDAY_PREMIUM",
  "ADDITIONAL_OVERTIME",
  "NIGHT_SUPPLEMENT",
  "HOLIDAY_SURCHARGE",
] as const;

export const FURTHER_PAYMENT_TYPES = ["TRAVEL_COSTS", "FOOD_ALLOWANCE", "BONUS_PAYMENT"] as const;

export const ENTRY_KINDS = ["hours", "payments"] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const HOURS_FIELDS = [
  "type",
  "total_hours",
  "total_amount",
  "surcharge",
  "date",
  "cost_center_id",
  "cost_object_id",
] as const;
export const PAYMENT_FIELDS = ["type", "count", "amount"] as const;
export type HoursField = (typeof HOURS_FIELDS)[number];
export type PaymentField = (typeof PAYMENT_FIELDS)[number];

/** The field remembered per employee and type (features/payroll/entries/server/less-typing.ts): an hours line's rate, an extra payment's amount. */
export const RATE_FIELD: Record<EntryKind, HoursField | PaymentField> = { hours: "total_amount", payments: "amount" };

export function fieldsOf(kind: EntryKind): readonly string[] {
  return kind === "hours" ? HOURS_FIELDS : PAYMENT_FIELDS;
}

/** A line as drafts, transfers and the history keep it: its grid id, the employee, and each field's canonical text. */
export interface StoredLine {
  id: string;
  employee_id: number;
  values: Record<string, string>;
}
