"use client";

import { useCallback, useId, useRef } from "react";
import { useVirtualRows } from "@/components/ui/use-virtual-rows";
import { formatAmount } from "@/lib/i18n/format";
import type { GridLocale } from "@/features/payroll/grid/columns";
import { centsToDecimal } from "@/lib/money/decimal";
import { canonicalize } from "@/features/payroll/grid/locale-input";
import type { GridLine, GridModel, PasteResult } from "@/features/payroll/grid/model";
import { CellEditor, type EditorMove } from "./cell-editor";
import { GridHeader } from "./grid-header";
import { GridFocusRing, gridColumns, TypeOptions } from "./grid-parts";
import { cellId, GridRow, HEADER_HEIGHT, ROW_HEIGHT } from "./grid-row";
import { selectionBounds, type GridSelection } from "./selection";
import { useActiveCellInView } from "./use-active-cell-in-view";
import { useCellEditing } from "./use-cell-editing";
import { useGridHeight } from "./use-fill-height";
import { useGridClipboard } from "./use-grid-clipboard";
import { useStrayClipboard } from "./use-stray-clipboard";
import { useGridKeyboard } from "./use-grid-keyboard";
import { useGridMouse } from "./use-grid-mouse";

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
  /** A reader's grid: the model refuses every command; assistive technology is told so. */
  readOnly?: boolean;
  /** The element with the short keyboard hint (Tab between cells, how to leave). */
  hintId?: string;
}

// Rows rendered beyond the visible ones, each way: each costs on every frame (one per keystroke); a few cover moves and scrolling.
const OVERSCAN = 2;

/**
 * The spreadsheet: only the rows in view are rendered (9,000 lines for 1,000 employees), focus stays
 * on the grid (aria-activedescendant names the active cell), keyboard, clipboard and mouse act on the model.
 */
export function EntryGrid(props: EntryGridProps) {
  const { model, rows, selection, onSelectionChange, locale, columnLabels } = props;
  const columns = model.spec.columns;
  const gridId = useId().replace(/:/g, "");
  const scroller = useRef<HTMLDivElement>(null);
  const { editing, setEditing, startEdit } = useCellEditing({ model, rows, selection, locale });
  const { template, minWidth } = gridColumns(columns);
  const activeLine = rows[selection.row];
  const { height: viewportHeight, pageRows } = useGridHeight(scroller, rows.length);
  const { start: first, end: last } = useVirtualRows({
    scroller,
    count: rows.length,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
    paddingStart: HEADER_HEIGHT,
    initialHeight: viewportHeight,
  });

  const focusGrid = useCallback(() => scroller.current?.focus({ preventScroll: true }), []);
  useActiveCellInView({
    scroller,
    row: selection.row,
    col: selection.col,
    rowHeight: ROW_HEIGHT,
    headerHeight: HEADER_HEIGHT,
  });

  const { move, keyProps, armLeave } = useGridKeyboard({
    model,
    rows,
    // The two computed columns after the entered ones are read-only cells.
    columnCount: columns.length + 2,
    pageRows,
    selection,
    onSelectionChange,
    editing: editing !== null,
    startEdit,
    onAddLine: props.onAddLine,
    onRemoveLines: props.onRemoveLines,
    readOnly: props.readOnly,
  });
  const { onCopy, onCut, onPaste, onFocus } = useGridClipboard({
    model,
    rows,
    columns,
    locale,
    selection,
    editing: editing !== null,
    onPasted: props.onPasted,
  });
  useStrayClipboard(scroller, { copy: onCopy, cut: onCut, paste: onPaste });

  const commit = useCallback(
    (text: string, step: EditorMove) => {
      if (!editing) return;
      const line = model.lineById(editing.lineId);
      setEditing(null);
      if (line) model.setText(line, editing.col, text, editing.base);
      if (step.rows || step.cols) move(step.rows, step.cols, false, step.wrap);
      focusGrid();
    },
    [editing, setEditing, model, move, focusGrid],
  );

  const mouse = useGridMouse({
    columns,
    rows,
    selection,
    onSelectionChange,
    editing,
    startEdit: () => startEdit("edit"),
  });
  const { top, bottom, left, right } = selectionBounds(selection);
  const listId = `${gridId}-types`;
  const typeColumn = columns.find((column) => column.kind === "enum");

  // The active row is rendered even outside the window (a move's scroll updates it a frame later): aria-activedescendant names a cell in the page.
  const rendered: number[] = [];
  for (let index = first; index < last; index += 1) rendered.push(index);
  if (activeLine && (selection.row < first || selection.row >= last)) rendered.push(selection.row);
  const visible: React.ReactNode[] = [];
  for (const index of rendered) {
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
        top={HEADER_HEIGHT + index * ROW_HEIGHT}
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
                armLeave();
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
      <TypeOptions id={listId} column={typeColumn} locale={locale} />
      <div
        ref={scroller}
        role="grid"
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length + 3}
        aria-multiselectable
        aria-readonly={props.readOnly ? true : undefined}
        aria-describedby={props.hintId}
        aria-activedescendant={activeLine && !editing ? cellId(gridId, activeLine.id, selection.col) : undefined}
        tabIndex={0}
        {...keyProps}
        onFocus={onFocus}
        onPaste={onPaste}
        onCopy={onCopy}
        onCut={onCut}
        {...mouse}
        // Opaque: the browser scrolls it without repainting. The focus ring is the element after it.
        className="relative overflow-auto bg-white focus:outline-none"
        style={{ ...keyProps.style, height: viewportHeight, contain: "strict" }}
      >
        <div
          contentEditable={false}
          style={{ height: rows.length * ROW_HEIGHT + HEADER_HEIGHT, position: "relative", minWidth: `${minWidth}rem` }}
        >
          <GridHeader
            columns={columns}
            columnLabels={columnLabels}
            template={template}
            employeeLabel={props.employeeLabel}
            computedLabel={props.computedLabel}
            totalLabel={props.totalLabel}
          />
          {visible}
        </div>
      </div>
      <GridFocusRing />
    </div>
  );
}
