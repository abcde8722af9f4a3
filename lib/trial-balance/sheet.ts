import type { Totals, TrialBalanceRow } from "./rows";

/** The current view as a plain table that the CSV and XLSX writers share. */
export type Cell = { kind: "text"; value: string } | { kind: "amount"; cents: bigint } | { kind: "percent"; hundredths: bigint | null };

export interface Sheet {
  name: string;
  header: string[];
  rows: Cell[][];
  /** Index in `rows` of the totals row (set in bold). */
  totalsRow: number;
}

export interface SheetLabels {
  sheetName: string;
  account: string;
  id: string;
  columns: [string, string, string, string, string, string];
  comparison: [string, string, string, string];
  total: string;
}

const text = (value: string): Cell => ({ kind: "text", value });
const amount = (cents: bigint): Cell => ({ kind: "amount", cents });

export function buildSheet(rows: readonly TrialBalanceRow[], totals: Totals, labels: SheetLabels): Sheet {
  const comparing = totals.comparison !== null;
  const header = [labels.account, labels.id, ...labels.columns, ...(comparing ? labels.comparison : [])];
  const line = (first: Cell[], amounts: readonly bigint[], comparison: Totals["comparison"]): Cell[] => [
    ...first,
    ...amounts.map(amount),
    ...(comparing
      ? [amount(comparison?.debit ?? 0n), amount(comparison?.credit ?? 0n), amount(comparison?.variance ?? 0n), { kind: "percent", hundredths: comparison?.percent ?? null } as Cell]
      : []),
  ];
  const body = rows.map((row) => line([text(row.name), text(row.id)], row.amounts, row.comparison));
  body.push(line([text(labels.total), text("")], totals.amounts, totals.comparison));
  return { name: labels.sheetName, header, rows: body, totalsRow: body.length - 1 };
}
