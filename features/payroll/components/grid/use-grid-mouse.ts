"use client";

import { useRef, type MouseEvent } from "react";
import type { GridColumn } from "@/features/payroll/grid/columns";
import type { GridLine } from "@/features/payroll/grid/model";
import type { GridSelection } from "./selection";

interface GridMouseInput {
  columns: readonly GridColumn[];
  rows: readonly GridLine[];
  selection: GridSelection;
  onSelectionChange: (selection: GridSelection) => void;
  /** The cell being edited, whose own clicks belong to its editor. */
  editing: { lineId: string; col: number } | null;
  /** A double click edits the cell. */
  startEdit: () => void;
}

/** The grid's mouse: a click selects a cell (with Shift, extends the selection), dragging selects a range, a double click edits. */
export function useGridMouse({ columns, rows, selection, onSelectionChange, editing, startEdit }: GridMouseInput) {
  const dragging = useRef(false);

  function cellFromEvent(target: EventTarget): { row: number; col: number } | null {
    const cell = (target as HTMLElement).closest<HTMLElement>("[data-row][data-col]");
    if (!cell) return null;
    const key = cell.dataset.col;
    const col =
      key === "computed"
        ? columns.length
        : key === "employee-total"
          ? columns.length + 1
          : columns.findIndex((column) => column.key === key);
    return col < 0 ? null : { row: Number(cell.dataset.row), col };
  }

  return {
    onMouseDown: (event: MouseEvent) => {
      const cell = cellFromEvent(event.target);
      if (!cell || (editing && editing.lineId === rows[cell.row]?.id && editing.col === cell.col)) return;
      dragging.current = true;
      onSelectionChange(
        event.shiftKey
          ? { ...selection, row: cell.row, col: cell.col }
          : { row: cell.row, col: cell.col, anchorRow: cell.row, anchorCol: cell.col },
      );
    },
    onMouseOver: (event: MouseEvent) => {
      if (!dragging.current || event.buttons !== 1) return;
      const cell = cellFromEvent(event.target);
      if (cell && (cell.row !== selection.row || cell.col !== selection.col))
        onSelectionChange({ ...selection, row: cell.row, col: cell.col });
    },
    onMouseUp: () => {
      dragging.current = false;
    },
    onDoubleClick: (event: MouseEvent) => {
      if (cellFromEvent(event.target)) startEdit();
    },
  };
}
