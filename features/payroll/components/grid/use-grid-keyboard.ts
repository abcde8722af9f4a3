"use client";

import { useCallback, useRef, type FormEvent, type KeyboardEvent } from "react";
import { isBlank, type GridLine, type GridModel } from "@/features/payroll/grid/model";
import { blockEdge } from "@/features/payroll/grid/navigation";
import type { EditMode } from "./cell-editor";
import { selectionBounds, type GridSelection } from "./selection";

interface UseGridKeyboardOptions {
  model: GridModel;
  rows: readonly GridLine[];
  columnCount: number;
  /** Lines Page Up and Page Down move by. */
  pageRows: number;
  selection: GridSelection;
  onSelectionChange: (selection: GridSelection) => void;
  /** True while the cell editor is open: it handles its own keys. */
  editing: boolean;
  startEdit: (mode: EditMode, initial?: string) => void;
  onAddLine: () => void;
  onRemoveLines: () => void;
  /** A reader's grid: it takes no text, so it is not offered as editable. */
  readOnly?: boolean;
}

/**
 * The grid's keys while it has focus (the cell editor handles its own), after the ARIA grid
 * pattern: arrows, Home/End (Ctrl: first and last cell) and Page keys move (Shift extends the
 * selection), stopping at the edges; Ctrl+arrows jump to the edge of a block of filled cells (as
 * in spreadsheets, features/payroll/grid/navigation.ts); Enter/F2 edit the cell's text, typing a
 * character replaces it; Delete clears; Ctrl+Z/Y
 * undo and redo, Ctrl+D fills down, Ctrl+A selects all, Ctrl+Enter adds a line and Ctrl+Delete
 * removes the selected lines. Keys it does not handle keep their default.
 *
 * Tab and Shift+Tab move to the next and previous cell, wrapping to the next or previous line,
 * whether a cell was being edited or not: a line is typed with Tab between its values, as in
 * spreadsheets, and nothing typed after a Tab lands outside the grid. Tab past the grid's last
 * cell (Shift+Tab before its first) leaves it; from any cell, Escape and then Tab (or Shift+Tab)
 * leaves it at once, the way editors that keep Tab for themselves let keyboard users out.
 */
export function useGridKeyboard({
  model,
  rows,
  columnCount,
  pageRows,
  selection,
  onSelectionChange,
  editing,
  startEdit,
  onAddLine,
  onRemoveLines,
  readOnly = false,
}: UseGridKeyboardOptions) {
  const lastCol = columnCount - 1;
  const lastRow = rows.length - 1;
  // Escape was the last key: the next Tab or Shift+Tab leaves the grid (set by the cell editor's Escape too).
  const escaped = useRef(false);
  const armLeave = useCallback(() => {
    escaped.current = true;
  }, []);

  const move = useCallback(
    (rowDelta: number, colDelta: number, extend = false, wrap = false) => {
      let row = selection.row + rowDelta;
      let col = selection.col + colDelta;
      if (wrap && !extend && colDelta !== 0 && rowDelta === 0) {
        // Tab wraps to the next or previous line, as in spreadsheets.
        if (col > lastCol && row < lastRow) [row, col] = [row + 1, 0];
        else if (col < 0 && row > 0) [row, col] = [row - 1, lastCol];
      }
      row = Math.max(0, Math.min(lastRow, row));
      col = Math.max(0, Math.min(lastCol, col));
      onSelectionChange(extend ? { ...selection, row, col } : { row, col, anchorRow: row, anchorCol: col });
    },
    [selection, lastCol, lastRow, onSelectionChange],
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (editing || !rows.length) return;
    const leaving = escaped.current;
    escaped.current = event.key === "Escape" || (leaving && event.key === "Shift");
    const ctrl = event.ctrlKey || event.metaKey;
    const { top, bottom, left, right } = selectionBounds(selection);
    const page = pageRows;
    // A cell holds something: an entered value, or (the computed columns) the line has any.
    const filled = (row: number, col: number) => {
      const line = rows[row];
      if (!line) return false;
      return col < line.cells.length ? (line.cells[col] ?? "") !== "" : !isBlank(line.cells);
    };
    const jumpRows = (step: 1 | -1) =>
      blockEdge(selection.row, step, lastRow, (row) => filled(row, selection.col)) - selection.row;
    const jumpCols = (step: 1 | -1) =>
      blockEdge(selection.col, step, lastCol, (col) => filled(selection.row, col)) - selection.col;
    const handled = (() => {
      switch (event.key) {
        case "ArrowUp":
          return move(ctrl ? jumpRows(-1) : -1, 0, event.shiftKey);
        case "ArrowDown":
          return move(ctrl ? jumpRows(1) : 1, 0, event.shiftKey);
        case "ArrowLeft":
          return move(0, ctrl ? jumpCols(-1) : -1, event.shiftKey);
        case "ArrowRight":
          return move(0, ctrl ? jumpCols(1) : 1, event.shiftKey);
        case "Tab": {
          if (ctrl || event.altKey) return "pass";
          const atEdge = event.shiftKey
            ? selection.row === 0 && selection.col === 0
            : selection.row === lastRow && selection.col === lastCol;
          // Not handled, the browser moves focus to the page's next or previous control.
          if (leaving || atEdge) return "pass";
          return move(0, event.shiftKey ? -1 : 1, false, true);
        }
        case "Home":
          return ctrl ? move(-selection.row, -selection.col, event.shiftKey) : move(0, -selection.col, event.shiftKey);
        case "End":
          return ctrl
            ? move(lastRow - selection.row, lastCol - selection.col, event.shiftKey)
            : move(0, lastCol - selection.col, event.shiftKey);
        case "PageDown":
          return move(page, 0, event.shiftKey);
        case "PageUp":
          return move(-page, 0, event.shiftKey);
        case "Enter":
          if (ctrl) return onAddLine();
          return event.shiftKey ? move(-1, 0) : startEdit("edit");
        case "F2":
          return startEdit("edit");
        case "Escape":
          return onSelectionChange({
            row: selection.row,
            col: selection.col,
            anchorRow: selection.row,
            anchorCol: selection.col,
          });
        case "Delete":
        case "Backspace":
          if (ctrl && event.key === "Delete") return onRemoveLines();
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

  /**
   * Text that arrives as text input rather than as a key (a phone's keyboard, an input method, a
   * character typed through a dead key, `insertText`): it replaces the cell, as a typed key does.
   * The browser fires text input only at an editable element, so the grid is one
   * (contentEditable) whose own content never changes: every edit it would make is cancelled here.
   */
  function onBeforeInput(event: FormEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return; // the cell editor's own input
    event.preventDefault();
    // React's beforeinput is the browser's `textInput` (or a composition's end): its `data` is the text.
    const { data } = event as FormEvent<HTMLDivElement> & { data?: string };
    if (!editing && rows.length && data) startEdit("replace", data);
  }

  const keyProps = {
    onKeyDown,
    onBeforeInput,
    contentEditable: !readOnly,
    suppressContentEditableWarning: true,
    spellCheck: false,
    // No caret blinking in the grid: the active cell is the place.
    style: { caretColor: "transparent" },
  } as const;
  return { move, keyProps, armLeave };
}
