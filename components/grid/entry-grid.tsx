"use client";

import { useCallback, useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { formatAmount } from "@/lib/i18n/format";
import type { GridLocale } from "@/lib/payroll-grid/columns";
import { centsToDecimal } from "@/lib/payroll-grid/decimal";
import { canonicalize, displayValue } from "@/lib/payroll-grid/locale-input";
import type { GridLine, GridModel, PasteResult } from "@/lib/payroll-grid/model";
import { parseTsv, toTsv } from "@/lib/payroll-grid/tsv";
import { CellEditor, type EditMode } from "./cell-editor";
import { cellId, GridRow, ROW_HEIGHT } from "./grid-row";

export interface GridSelection {
  row: number;
  col: number;
  anchorRow: number;
  anchorCol: number;
}

export function selectionBounds(selection: GridSelection) {
  return {
    top: Math.min(selection.row, selection.anchorRow),
    bottom: Math.max(selection.row, selection.anchorRow),
    left: Math.min(selection.col, selection.anchorCol),
    right: Math.max(selection.col, selection.anchorCol),
  };
}

interface EntryGridProps {
  model: GridModel;
  /** The model's version: re-renders the visible rows after each command. */
  version: number;
  rows: readonly GridLine[];
  lineNumbers: ReadonlyMap<string, number>;
  employees: ReadonlyMap<number, string>;
  columnLabels: readonly string[];
  employeeLabel: string;
  computedLabel: string;
  totalLabel: string;
  label: string;
  locale: GridLocale;
  selection: GridSelection;
  onSelectionChange: (selection: GridSelection) => void;
  onPasted: (result: PasteResult) => void;
  onAddLine: () => void;
  onRemoveLines: () => void;
  describe: (code: string) => string;
  cellLabel: (col: number, line: GridLine, lineNumber: number) => string;
}

const VIEWPORT_ROWS = 18;
// Rows rendered beyond the visible ones, each way. Every rendered row costs on every frame (hit
// testing, pre-paint, paint and commit of the grid), and a frame follows every keystroke: a few
// rows cover keyboard moves and ordinary scrolling.
const OVERSCAN = 2;

interface Editing {
  lineId: string;
  col: number;
  initial: string;
  mode: EditMode;
}

/**
 * The spreadsheet: only the rows in view are rendered (the 1,000-employee company has 9,000
 * lines), focus stays on the grid (aria-activedescendant names the active cell), and keyboard,
 * clipboard and mouse act on the model through one command each.
 */
export function EntryGrid(props: EntryGridProps) {
  const { model, rows, selection, onSelectionChange, locale, columnLabels } = props;
  const columns = model.spec.columns;
  const gridId = useId().replace(/:/g, "");
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [editingState, setEditing] = useState<Editing | null>(null);
  // An edit whose line was removed meanwhile (undo, another command) is over.
  const editing = editingState && model.lineById(editingState.lineId) ? editingState : null;
  const dragging = useRef(false);
  const lastCol = columns.length - 1;
  const lastRow = rows.length - 1;
  const template = `minmax(12rem,1.4fr) ${columns.map((column) => (column.kind === "enum" ? "minmax(11rem,1.4fr)" : column.kind === "text" ? "minmax(6rem,1fr)" : "minmax(5.5rem,0.8fr)")).join(" ")} minmax(7rem,0.9fr) minmax(7rem,0.9fr)`;
  const activeLine = rows[selection.row];

  const focusGrid = useCallback(() => scroller.current?.focus({ preventScroll: true }), []);

  // Keep the active row in view.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const top = selection.row * ROW_HEIGHT;
    const viewport = element.clientHeight - ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + viewport) element.scrollTop = top + ROW_HEIGHT - viewport;
  }, [selection.row]);

  const move = useCallback(
    (rowDelta: number, colDelta: number, extend = false) => {
      let row = selection.row + rowDelta;
      let col = selection.col + colDelta;
      if (!extend && colDelta !== 0 && rowDelta === 0) {
        // Tab-like moves wrap to the next or previous line.
        if (col > lastCol && row < lastRow) [row, col] = [row + 1, 0];
        else if (col < 0 && row > 0) [row, col] = [row - 1, lastCol];
      }
      row = Math.max(0, Math.min(lastRow, row));
      col = Math.max(0, Math.min(lastCol, col));
      onSelectionChange(extend ? { ...selection, row, col } : { row, col, anchorRow: row, anchorCol: col });
    },
    [selection, lastCol, lastRow, onSelectionChange],
  );

  const startEdit = useCallback(
    (mode: EditMode, initial?: string) => {
      const line = rows[selection.row];
      const column = columns[selection.col];
      if (!line || !column) return;
      setEditing({ lineId: line.id, col: selection.col, mode, initial: initial ?? displayValue(column, line.cells[selection.col] ?? "", locale) });
    },
    [rows, columns, selection, locale],
  );

  const commit = useCallback(
    (text: string, step: { rows: number; cols: number }) => {
      if (!editing) return;
      const line = model.lineById(editing.lineId);
      setEditing(null);
      if (line) model.setText(line, editing.col, text);
      if (step.rows || step.cols) move(step.rows, step.cols);
      focusGrid();
    },
    [editing, model, move, focusGrid],
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (editing || !rows.length) return;
    const ctrl = event.ctrlKey || event.metaKey;
    const { top, bottom, left, right } = selectionBounds(selection);
    const page = VIEWPORT_ROWS - 2;
    const handled = (() => {
      switch (event.key) {
        case "ArrowUp":
          return ctrl ? move(-selection.row, 0, event.shiftKey) : move(-1, 0, event.shiftKey);
        case "ArrowDown":
          return ctrl ? move(lastRow - selection.row, 0, event.shiftKey) : move(1, 0, event.shiftKey);
        case "ArrowLeft":
          return move(0, ctrl ? -selection.col : -1, event.shiftKey);
        case "ArrowRight":
          return move(0, ctrl ? lastCol - selection.col : 1, event.shiftKey);
        case "Tab":
          // From the last cell forwards (or the first backwards) Tab leaves the grid.
          if (event.shiftKey ? selection.row === 0 && selection.col === 0 : selection.row === lastRow && selection.col === lastCol) return "pass";
          return move(0, event.shiftKey ? -1 : 1);
        case "Home":
          return ctrl ? move(-selection.row, -selection.col, event.shiftKey) : move(0, -selection.col, event.shiftKey);
        case "End":
          return ctrl ? move(lastRow - selection.row, lastCol - selection.col, event.shiftKey) : move(0, lastCol - selection.col, event.shiftKey);
        case "PageDown":
          return move(page, 0, event.shiftKey);
        case "PageUp":
          return move(-page, 0, event.shiftKey);
        case "Enter":
          if (ctrl) return props.onAddLine();
          return event.shiftKey ? move(-1, 0) : startEdit("edit");
        case "F2":
          return startEdit("edit");
        case "Escape":
          return onSelectionChange({ row: selection.row, col: selection.col, anchorRow: selection.row, anchorCol: selection.col });
        case "Delete":
        case "Backspace":
          if (ctrl && event.key === "Delete") return props.onRemoveLines();
          return model.clear(rows, top, bottom, left, right);
      }
      if (ctrl && !event.altKey) {
        const key = event.key.toLowerCase();
        if (key === "z" && !event.shiftKey) return model.undo();
        if (key === "y" || (key === "z" && event.shiftKey)) return model.redo();
        if (key === "d") return model.fillDown(rows, top, bottom, left, right);
        if (key === "a") return onSelectionChange({ row: lastRow, col: lastCol, anchorRow: 0, anchorCol: 0 });
        return "pass";
      }
      if (event.key.length === 1 && !event.altKey) return startEdit("replace", event.key);
      return "pass";
    })();
    if (handled !== "pass") event.preventDefault();
  }

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    if (editing || !rows.length) return;
    const text = event.clipboardData.getData("text/plain");
    if (!text) return;
    event.preventDefault();
    const { top, bottom, left, right } = selectionBounds(selection);
    const result = model.paste(rows, top, left, parseTsv(text), { rowCount: bottom - top + 1, colCount: right - left + 1 });
    props.onPasted(result);
  }

  function onCopy(event: ClipboardEvent<HTMLDivElement>) {
    if (editing) return;
    const { top, bottom, left, right } = selectionBounds(selection);
    const block: string[][] = [];
    for (let row = top; row <= bottom; row += 1) {
      const line = rows[row];
      if (!line) continue;
      const cells: string[] = [];
      for (let col = left; col <= right; col += 1) {
        const column = columns[col];
        cells.push(column ? displayValue(column, line.cells[col] ?? "", locale) : "");
      }
      block.push(cells);
    }
    event.clipboardData.setData("text/plain", toTsv(block));
    event.preventDefault();
  }

  function cellFromEvent(target: EventTarget): { row: number; col: number } | null {
    const cell = (target as HTMLElement).closest<HTMLElement>("[data-row][data-col]");
    if (!cell) return null;
    const col = columns.findIndex((column) => column.key === cell.dataset.col);
    return col < 0 ? null : { row: Number(cell.dataset.row), col };
  }

  const height = rows.length * ROW_HEIGHT;
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + VIEWPORT_ROWS * ROW_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  const { top, bottom, left, right } = selectionBounds(selection);
  const listId = `${gridId}-types`;
  const typeColumn = columns.find((column) => column.kind === "enum");

  const visible: React.ReactNode[] = [];
  for (let index = first; index < last; index += 1) {
    const line = rows[index];
    if (!line) continue;
    const lineNumber = props.lineNumbers.get(line.id) ?? 1;
    const outcome = model.outcome(line);
    const isFirst = lineNumber === 1;
    const active = index === selection.row;
    const editingHere = editing && editing.lineId === line.id ? editing : null;
    const total = isFirst ? model.employeeTotals.get(line.employeeId) : undefined;
    visible.push(
      <GridRow
        key={line.id}
        gridId={gridId}
        line={line}
        rev={line.rev}
        rowIndex={index}
        top={(index + 1) * ROW_HEIGHT}
        template={template}
        columns={columns}
        locale={locale}
        outcome={outcome}
        issues={model.issuesOf(line)}
        employeeName={isFirst ? (props.employees.get(line.employeeId) ?? `#${line.employeeId}`) : null}
        employeeTotal={isFirst && total !== undefined ? formatAmount(locale, centsToDecimal(total)) : null}
        lineNumber={lineNumber}
        computed={outcome.cents === null ? "" : formatAmount(locale, centsToDecimal(outcome.cents))}
        activeCol={active ? selection.col : null}
        selectedFrom={index >= top && index <= bottom ? left : null}
        selectedTo={index >= top && index <= bottom ? right : null}
        describe={props.describe}
        editor={
          editingHere ? (
            <CellEditor
              id={`${gridId}-editor`}
              label={props.cellLabel(editingHere.col, line, lineNumber)}
              initial={editingHere.initial}
              mode={editingHere.mode}
              listId={columns[editingHere.col]?.kind === "enum" ? listId : undefined}
              validate={(text) => {
                const column = columns[editingHere.col];
                if (!column) return null;
                const cells = [...line.cells];
                cells[editingHere.col] = canonicalize(column, text, model.context);
                return model.spec.evaluate(cells).errors[editingHere.col] ?? null;
              }}
              describe={props.describe}
              onCommit={commit}
              onCancel={() => {
                setEditing(null);
                focusGrid();
              }}
            />
          ) : null
        }
      />,
    );
  }

  return (
    <div className="group/grid relative rounded-lg border border-slate-300 bg-white">
      {typeColumn ? (
        <datalist id={listId}>
          {typeColumn.options?.map((option) => <option key={option.value} value={option.labels[locale]} />)}
        </datalist>
      ) : null}
      <div
        ref={scroller}
        role="grid"
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length + 3}
        aria-multiselectable
        aria-activedescendant={activeLine && !editing ? cellId(gridId, activeLine.id, selection.col) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onCopy={onCopy}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        onMouseDown={(event) => {
          const cell = cellFromEvent(event.target);
          if (!cell || (editing && editing.lineId === rows[cell.row]?.id && editing.col === cell.col)) return;
          dragging.current = true;
          onSelectionChange(event.shiftKey ? { ...selection, row: cell.row, col: cell.col } : { row: cell.row, col: cell.col, anchorRow: cell.row, anchorCol: cell.col });
        }}
        onMouseOver={(event) => {
          if (!dragging.current || event.buttons !== 1) return;
          const cell = cellFromEvent(event.target);
          if (cell && (cell.row !== selection.row || cell.col !== selection.col)) onSelectionChange({ ...selection, row: cell.row, col: cell.col });
        }}
        onMouseUp={() => {
          dragging.current = false;
        }}
        onDoubleClick={(event) => {
          if (cellFromEvent(event.target)) startEdit("edit");
        }}
        // An opaque background lets the browser scroll the grid without repainting it. The focus ring is
        // the element after it.
        className="relative overflow-auto bg-white focus:outline-none"
        style={{ height: Math.min(VIEWPORT_ROWS + 1, rows.length + 1) * ROW_HEIGHT + 2, contain: "strict" }}
      >
        <div style={{ height: height + ROW_HEIGHT, position: "relative", minWidth: "72rem" }}>
          <div role="row" aria-rowindex={1} className="sticky top-0 z-10 grid border-b border-slate-300 bg-slate-100 text-xs font-semibold uppercase tracking-wide text-slate-700" style={{ height: ROW_HEIGHT, gridTemplateColumns: template }}>
            <div role="columnheader" aria-colindex={1} className="px-2 py-2">
              {props.employeeLabel}
            </div>
            {columnLabels.map((label, col) => (
              <div key={label} role="columnheader" aria-colindex={col + 2} className={`border-l border-slate-200 px-1.5 py-2 ${columns[col]?.kind === "decimal" ? "text-right" : ""}`}>
                {label}
              </div>
            ))}
            <div role="columnheader" aria-colindex={columns.length + 2} className="border-l border-slate-200 px-2 py-2 text-right">
              {props.computedLabel}
            </div>
            <div role="columnheader" aria-colindex={columns.length + 3} className="border-l border-slate-200 px-2 py-2 text-right">
              {props.totalLabel}
            </div>
          </div>
          {visible}
        </div>
      </div>
      {/*
       * The grid's focus ring, shown while the grid or its cell editor has keyboard focus. A layer of
       * its own that only fades in and out: drawn on the grid itself, it was repainted with the
       * whole grid's area whenever an edit started or ended.
       */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 opacity-0 ring-2 ring-blue-600 will-change-[opacity] group-has-[:focus-visible]/grid:opacity-100" />
    </div>
  );
}
