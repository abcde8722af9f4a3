"use client";

import { memo } from "react";
import type { GridColumn, GridLocale } from "@/features/payroll/grid/columns";
import { displayValue } from "@/features/payroll/grid/locale-input";
import type { GridLine, LineOutcome, ServiceIssue } from "@/features/payroll/grid/model";

export const ROW_HEIGHT = 32;
/** The sticky header row: two lines of a column's name (whole names wrap rather than being cut). */
export const HEADER_HEIGHT = 40;
/** Lines in view before the grid has measured the window (it then fills the window's height below it). */
export const VIEWPORT_ROWS = 18;

export interface RowProps {
  gridId: string;
  line: GridLine;
  rev: number;
  rowIndex: number;
  top: number;
  template: string;
  columns: readonly GridColumn[];
  locale: GridLocale;
  outcome: LineOutcome;
  issues: readonly ServiceIssue[];
  /** Shown on an employee's first line only. */
  employeeName: string | null;
  employeeTotal: string | null;
  lineNumber: number;
  computed: string;
  activeCol: number | null;
  selectedFrom: number | null;
  selectedTo: number | null;
  editor: React.ReactNode | null;
  describe: (code: string) => string;
}

export function cellId(gridId: string, lineId: string, col: number): string {
  return `${gridId}-${lineId}-${col}`;
}

/**
 * One line of the grid; re-renders only when its line, outcome, selection or editor changes.
 * A row keeps its place in the grid's content however far it is scrolled (scrolling adds and
 * drops rows without repainting the others), and only the cell being edited is positioned:
 * each positioned box is a paint layer that every frame after a keystroke walks.
 */
export const GridRow = memo(function GridRow(props: RowProps) {
  const {
    gridId,
    line,
    rowIndex,
    top,
    template,
    columns,
    locale,
    outcome,
    issues,
    employeeName,
    employeeTotal,
    activeCol,
    selectedFrom,
    selectedTo,
    editor,
    describe,
  } = props;
  const lineIssue = issues.find((issue) => issue.col === -1);
  return (
    <div
      role="row"
      aria-rowindex={rowIndex + 2}
      data-employee={line.employeeId}
      data-line-number={props.lineNumber}
      className={`absolute left-0 grid w-full border-b border-slate-200 ${employeeName !== null ? "border-t border-t-slate-300" : ""} ${lineIssue ? "bg-red-50" : "bg-white"}`}
      style={{ top, height: ROW_HEIGHT, gridTemplateColumns: template }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        // An employee's further lines show no name: screen readers get the line number (and its issue) instead.
        aria-label={
          employeeName === null
            ? lineIssue
              ? `${props.lineNumber} ⚠ ${lineIssue.message}`
              : String(props.lineNumber)
            : undefined
        }
        // Sticky: the employee stays in view while the grid scrolls sideways (above an open editor, below the header).
        className="sticky left-0 z-[6] truncate border-r border-slate-200 bg-inherit px-2 py-1.5 text-sm font-medium text-slate-800"
        title={lineIssue?.message ?? employeeName ?? undefined}
      >
        {employeeName}
        {lineIssue ? <span className="ml-1 text-red-700">⚠ {lineIssue.message}</span> : null}
      </div>
      {columns.map((column, col) => {
        const value = line.cells[col] ?? "";
        const error = outcome.errors[col] ?? null;
        const issue = issues.find((candidate) => candidate.col === col);
        const selected = selectedFrom !== null && selectedTo !== null && col >= selectedFrom && col <= selectedTo;
        const active = activeCol === col;
        const message = error ? describe(error) : issue?.message;
        return (
          <div
            key={column.key}
            id={cellId(gridId, line.id, col)}
            role="gridcell"
            aria-colindex={col + 2}
            aria-selected={selected}
            aria-invalid={message ? true : undefined}
            data-col={column.key}
            data-row={rowIndex}
            title={message}
            className={`truncate border-l border-slate-200 px-1.5 py-1.5 text-sm ${column.kind === "decimal" ? "text-right tabular-nums" : ""} ${
              message ? "bg-red-50 text-red-900 ring-1 ring-inset ring-red-500" : selected ? "bg-blue-50" : ""
            } ${active ? "outline outline-2 -outline-offset-2 outline-blue-700" : ""} ${active && editor ? "relative" : ""}`}
          >
            {displayValue(column, value, locale)}
            {message ? <span className="sr-only">, {message}</span> : null}
            {active ? editor : null}
          </div>
        );
      })}
      {[
        { key: "computed", text: props.computed, className: "text-slate-700" },
        { key: "employee-total", text: employeeTotal ?? "", className: "font-medium" },
      ].map((computed, index) => {
        // The computed columns are cells too: the arrow keys reach them (read-only) like the others.
        const col = columns.length + index;
        const selected = selectedFrom !== null && selectedTo !== null && col >= selectedFrom && col <= selectedTo;
        return (
          <div
            key={computed.key}
            id={cellId(gridId, line.id, col)}
            role="gridcell"
            aria-colindex={col + 2}
            aria-readonly
            aria-selected={selected}
            data-col={computed.key}
            data-row={rowIndex}
            className={`border-l border-slate-200 px-2 py-1.5 text-right text-sm tabular-nums ${computed.className} ${selected ? "bg-blue-50" : ""} ${activeCol === col ? "outline outline-2 -outline-offset-2 outline-blue-700" : ""}`}
          >
            {computed.text}
          </div>
        );
      })}
    </div>
  );
});
