import type { EnumOption, GridColumn } from "@/features/payroll/grid/columns";
import { multiplyMicros, parseMicros, productToCents } from "@/lib/money/decimal";
import type { GridSpec, LineOutcome } from "@/features/payroll/grid/model";
import { fieldsOf, RATE_FIELD, type EntryKind } from "./kinds";
import { fieldSchemas } from "./schemas";
import { typeLabels } from "./labels";

const COLUMN_KINDS: Record<string, GridColumn["kind"]> = {
  type: "enum",
  total_hours: "decimal",
  total_amount: "decimal",
  surcharge: "decimal",
  date: "date",
  cost_center_id: "text",
  cost_object_id: "text",
  count: "decimal",
  amount: "decimal",
};

/** The rate of an hours line and the amount of an extra payment are euros: shown with cents. */
const MONEY_FIELDS = new Set(["total_amount", "amount"]);

export function typeOptions(kind: EntryKind): EnumOption[] {
  return Object.entries(typeLabels(kind)).map(([value, labels]) => ({ value, labels }));
}

export function columnsOf(kind: EntryKind): GridColumn[] {
  return fieldsOf(kind).map((key) => ({
    key,
    kind: COLUMN_KINDS[key] ?? "text",
    options: key === "type" ? typeOptions(kind) : undefined,
    money: MONEY_FIELDS.has(key) || undefined,
  }));
}

/**
 * The grid's view of the shared schemas: each cell parsed with its field's schema, and the
 * computed amount (hours × rate, or count × amount with count 1 when empty), exact in cents.
 */
export function gridSpecFor(kind: EntryKind, month: string): GridSpec {
  const columns = columnsOf(kind);
  const schemas = fieldSchemas(kind, { month });
  const parsers = columns.map((column) => schemas[column.key]);
  // A cell's verdict depends only on its text: remembered, so a paste of repeated values validates each distinct one once.
  const verdicts = columns.map(() => new Map<string, string | null>());
  const check = (col: number, cell: string): string | null => {
    const memo = verdicts[col];
    const known = memo?.get(cell);
    if (known !== undefined) return known;
    const result = parsers[col]?.safeParse(cell);
    const verdict = result && !result.success ? (result.error.issues[0]?.message ?? "invalid") : null;
    if (memo) {
      if (memo.size > 5_000) memo.clear();
      memo.set(cell, verdict);
    }
    return verdict;
  };
  // Both kinds compute columns 1 × 2: hours × rate, count × amount.
  const [first, second] = [1, 2];
  const defaultFirst = kind === "payments" ? "1" : "";
  return {
    columns,
    evaluate(cells: readonly string[]): LineOutcome {
      const errors = cells.map((cell, col) => check(col, cell));
      let cents: bigint | null = null;
      const a = parseMicros(cells[first] || defaultFirst);
      const b = parseMicros(cells[second] ?? "");
      if (a !== null && b !== null && !errors[first] && !errors[second]) cents = productToCents(multiplyMicros(a, b));
      const group = errors[0] ? null : (cells[0] ?? null);
      return { errors, cents, group };
    },
  };
}

/**
 * The remembered rates (features/payroll/entries/server/less-typing.ts, employee id → type → rate) as the grid's
 * proposals: when a person sets a line's type, its empty rate (an hours line's rate, an extra
 * payment's amount) gets the employee's last transferred rate of that type.
 */
export function rateProposer(kind: EntryKind, rates: Readonly<Record<string, Readonly<Record<string, string>>>>) {
  const fields = fieldsOf(kind);
  const typeCol = fields.indexOf("type");
  const rateCol = fields.indexOf(RATE_FIELD[kind]);
  return (employeeId: number, cells: readonly string[], col: number): { col: number; value: string }[] => {
    if (col !== typeCol) return [];
    const rate = rates[String(employeeId)]?.[cells[typeCol] ?? ""];
    return rate ? [{ col: rateCol, value: rate }] : [];
  };
}
