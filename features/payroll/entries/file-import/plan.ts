import { gridSpecFor } from "../grid-spec";
import { fieldsOf, type EntryKind } from "../kinds";
import { cellFromFile, detectFileLocale, type FileLocale } from "./file-locale";
import { normaliseHeader, type ColumnMapping } from "./mapping";
import { EmployeeMatcher, type ImportEmployee, type Unmatched } from "./match";

/** A file's table as the server read it: its header row, its rows as text, each row's number in the file. */
export interface ImportTable {
  headers: string[];
  rows: string[][];
  /** The file's row number of each row (the header is row 1), as a spreadsheet shows it. */
  rowNumbers: number[];
  /** The separator's or the sheet's hint of the file's language: `;` is a German export's. */
  localeHint: "en" | "de";
}

export interface PlannedLine {
  row: number;
  employeeId: number;
  cells: string[];
  /** Per column the grid's validation code, or null: the same check as a typed or pasted cell. */
  errors: (string | null)[];
}

export interface ImportPlan {
  lines: PlannedLine[];
  unmatched: Unmatched[];
  /** Rows with no value for any mapped field (a total row, a blank line): not imported, counted. */
  emptyRows: number[];
  locale: FileLocale;
  employeeCount: number;
  problemCount: number;
}

/**
 * What a file would add to the grid: each row matched to its employee (personnel number, else name;
 * the others listed with their row and value), its cells read with the file's locale and checked
 * by the grid's own validation (features/payroll/entries/grid-spec.ts), nothing applied yet.
 */
export function planImport(input: {
  table: ImportTable;
  mapping: ColumnMapping;
  kind: EntryKind;
  month: string;
  employees: readonly ImportEmployee[];
}): ImportPlan {
  const { table, mapping, kind, month } = input;
  const spec = gridSpecFor(kind, month);
  const fields = fieldsOf(kind);
  const headerIndex = new Map<string, number>();
  table.headers.forEach((header, index) => {
    const target = mapping[normaliseHeader(header)];
    if (target && !headerIndex.has(target)) headerIndex.set(target, index);
  });
  const columnOf = (target: string) => headerIndex.get(target);
  const fieldColumns = fields.map((field) => columnOf(field));
  const valuesOf = (field: string) => {
    const col = columnOf(field);
    return col === undefined ? [] : table.rows.map((row) => row[col] ?? "");
  };
  const decimalFields = spec.columns.filter((column) => column.kind === "decimal").map((column) => column.key);
  const locale = detectFileLocale(decimalFields.flatMap(valuesOf), valuesOf("date"), table.localeHint);
  const matcher = new EmployeeMatcher(input.employees);

  const lines: PlannedLine[] = [];
  const unmatched: Unmatched[] = [];
  const emptyRows: number[] = [];
  const employeeIds = new Set<number>();
  let problemCount = 0;
  table.rows.forEach((row, index) => {
    const rowNumber = table.rowNumbers[index] ?? index + 2;
    const raw = fieldColumns.map((col) => (col === undefined ? "" : (row[col] ?? "")));
    if (raw.every((value) => value.trim() === "")) {
      emptyRows.push(rowNumber);
      return;
    }
    const cell = (target: string) => {
      const col = columnOf(target);
      return col === undefined ? "" : (row[col] ?? "").trim();
    };
    const match = matcher.match({
      row: rowNumber,
      number: cell("personnel_number"),
      name: cell("employee_name"),
      firstName: cell("first_name"),
      lastName: cell("last_name"),
    });
    if ("reason" in match) {
      unmatched.push(match);
      return;
    }
    const cells = spec.columns.map((column, col) => cellFromFile(column, raw[col] ?? "", locale, month));
    const errors = spec.evaluate(cells).errors.map((error) => error ?? null);
    problemCount += errors.filter(Boolean).length;
    employeeIds.add(match.employeeId);
    lines.push({ row: rowNumber, employeeId: match.employeeId, cells, errors });
  });
  return { lines, unmatched, emptyRows, locale, employeeCount: employeeIds.size, problemCount };
}
