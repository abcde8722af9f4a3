import { FURTHER_PAYMENT_TYPES, HOURLY_COMPENSATION_TYPES, type EntryKind } from "@/features/payroll/entries/kinds";

/**
 * Which of a line's values a wage type carries into bs_wert_butab: an hours line's hours or
 * amount, an extra payment's amount or count. The grid's field for each (features/payroll/entries).
 */
export const CARRIERS = { hours: ["hours", "amount"], payments: ["amount", "count"] } as const;
export type ValueCarrier = "hours" | "amount" | "count";

const FIELD: Record<EntryKind, Partial<Record<ValueCarrier, string>>> = {
  hours: { hours: "total_hours", amount: "total_amount" },
  payments: { amount: "amount", count: "count" },
};

/** The grid field a carrier reads on a line of `kind` (undefined: that kind has no such value). */
export function carriedField(kind: EntryKind, carries: ValueCarrier): string | undefined {
  return FIELD[kind][carries];
}

/** One grid type's place in DATEV: the firm's own wage type (Lohnart), its processing key, the value it carries. */
// A type, not an interface: the tables keep it as JSON, which wants an object type without declared members.
export type WageTypeMapping = {
  wageTypeNumber: number | null;
  processingKey: number;
  carries: ValueCarrier;
};

/** Every type the grids use, with its kind: the rows of the `Wage types` table. */
export const GRID_TYPES: readonly { kind: EntryKind; type: string }[] = [
  ...HOURLY_COMPENSATION_TYPES.map((type) => ({ kind: "hours" as const, type })),
  ...FURTHER_PAYMENT_TYPES.map((type) => ({ kind: "payments" as const, type })),
];

/**
 * Processing keys before anyone sets them: 1 for hours, 4 for an amount, 3 for a count, as the
 * public examples use them (docs/adr/0271-datev-ranges-and-values.md; the examples disagree on the
 * amount's key, so the firm confirms each in the `Wage types` table).
 */
export const DEFAULT_PROCESSING_KEY: Record<ValueCarrier, number> = { hours: 1, amount: 4, count: 3 };

/** A type's mapping before the firm names its wage type: hours lines carry hours, payments their amount. */
export function defaultMapping(kind: EntryKind): WageTypeMapping {
  const carries: ValueCarrier = kind === "hours" ? "hours" : "amount";
  return { wageTypeNumber: null, processingKey: DEFAULT_PROCESSING_KEY[carries], carries };
}
