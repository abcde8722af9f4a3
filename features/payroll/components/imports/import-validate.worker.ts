/// <reference lib="webworker" />
import { parseSpreadsheetText } from "@/lib/csv/parse";
import type { EmployeeContext } from "@/features/payroll/employees/employee-schema";
import { suggestMapping, type ColumnMapping } from "@/features/payroll/imports/columns";
import { checkImportRows, toEmployeeContext, type ImportContextData } from "@/features/payroll/imports/validate-rows";

// Parsing and checking run here, off the main thread, so the page stays responsive however
// long the file is. The page gets only what it shows, and the request body as one string.

export type WorkerRequest =
  { type: "parse"; text: string; context: ImportContextData } | { type: "validate"; mapping: ColumnMapping };

export interface RowSummary {
  row: number;
  employeeId: number | null;
  name: string;
  problems: { field: string; code: string }[];
}

export interface ValidatedAnswer {
  type: "validated";
  total: number;
  ready: number;
  problemRows: RowSummary[];
  invalidCount: number;
  inUseRows: RowSummary[];
  /** `{"rows":[{row, input}]}`: what the start request sends (the server checks it again). */
  body: string;
}

const SHOWN_PROBLEM_ROWS = 300;
let rows: string[][] = [];
let context: EmployeeContext | null = null;

function validate(mapping: ColumnMapping) {
  if (!context) return;
  const checked = checkImportRows(rows, mapping, context);
  const summary = (row: (typeof checked)[number]): RowSummary => ({
    row: row.row,
    employeeId: row.employeeId,
    name: row.name,
    problems: row.problems,
  });
  const invalid = checked.filter((row) => !row.payload);
  const answer: ValidatedAnswer = {
    type: "validated",
    total: checked.length,
    ready: checked.filter((row) => row.payload && !row.inUse).length,
    problemRows: invalid.slice(0, SHOWN_PROBLEM_ROWS).map(summary),
    invalidCount: invalid.length,
    inUseRows: checked.filter((row) => row.payload && row.inUse).map(summary),
    body: JSON.stringify({ rows: checked.map((row) => ({ row: row.row, input: row.input })) }),
  };
  postMessage(answer);
}

addEventListener("message", (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  if (message.type === "parse") {
    context = toEmployeeContext(message.context);
    const parsed = parseSpreadsheetText(message.text);
    rows = parsed.rows;
    const mapping = suggestMapping(parsed.headers);
    postMessage({ type: "parsed", headers: parsed.headers, rowCount: rows.length, mapping });
    validate(mapping);
  } else {
    validate(message.mapping);
  }
});
