import { centsToDecimal } from "@/lib/money/decimal";
import { gridSpecFor } from "./grid-spec";
import type { GridSpec } from "@/features/payroll/grid/model";
import { fieldsOf, type EntryKind, type StoredLine } from "./kinds";

/**
 * The specs of the kinds and months totalled lately: a spec is pure (its schemas and its memo of
 * verdicts depend only on kind and month), and making one builds every field's schema, which cost
 * more than the lines it totals (a bulk DATEV export totals 600 kinds' lines).
 */
const specs = new Map<string, GridSpec>();

function specFor(kind: EntryKind, month: string): GridSpec {
  const key = `${kind}:${month}`;
  let spec = specs.get(key);
  if (!spec) {
    if (specs.size >= 48) specs.clear();
    specs.set(key, (spec = gridSpecFor(kind, month)));
  }
  return spec;
}

/** The computed total of stored lines (hours × rate, or count × amount), exact, as a decimal string. */
export function totalOf(kind: EntryKind, month: string, lines: readonly StoredLine[]): string {
  const spec = specFor(kind, month);
  const fields = fieldsOf(kind);
  let cents = 0n;
  for (const line of lines) cents += spec.evaluate(fields.map((field) => line.values[field] ?? "")).cents ?? 0n;
  return centsToDecimal(cents);
}
