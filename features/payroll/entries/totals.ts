import { centsToDecimal } from "@/lib/money/decimal";
import { gridSpecFor } from "./grid-spec";
import { fieldsOf, type EntryKind, type StoredLine } from "./kinds";

/** The computed total of stored lines (hours × rate, or count × amount), exact, as a decimal string. */
export function totalOf(kind: EntryKind, month: string, lines: readonly StoredLine[]): string {
  const spec = gridSpecFor(kind, month);
  const fields = fieldsOf(kind);
  let cents = 0n;
  for (const line of lines) cents += spec.evaluate(fields.map((field) => line.values[field] ?? "")).cents ?? 0n;
  return centsToDecimal(cents);
}
