"use client";

import { useState } from "react";
import type { GridLine, GridModel } from "@/features/payroll/grid/model";
import { selectionBounds, type GridSelection } from "./selection";

interface WorkbenchSelectionInput {
  model: GridModel;
  /** The rows shown (search and filter applied). */
  rows: readonly GridLine[];
  /** No search or filter hides a line: a new line can be selected where it is. */
  showsAll: boolean;
  /** Shows every line again (a jump to a line the search or filter hides). */
  showAll: () => void;
  focusGrid: () => void;
}

/**
 * The workbench's selection, kept inside the rows shown, and the commands that act on it: select
 * a line (a problem's or a check's), add a line after the active one, remove or fill down the
 * selected ones.
 */
export function useWorkbenchSelection({ model, rows, showsAll, showAll, focusGrid }: WorkbenchSelectionInput) {
  const [selection, setSelection] = useState<GridSelection>({ row: 0, col: 0, anchorRow: 0, anchorCol: 0 });
  // Keep the selection inside the rows shown.
  const maxRow = Math.max(0, rows.length - 1);
  const clamped =
    selection.row > maxRow || selection.anchorRow > maxRow
      ? { ...selection, row: Math.min(selection.row, maxRow), anchorRow: Math.min(selection.anchorRow, maxRow) }
      : selection;
  const activeLine: GridLine | undefined = rows[clamped.row];

  const selectLine = (lineId: string, col: number) => {
    let index = rows.findIndex((line) => line.id === lineId);
    if (index < 0) {
      showAll();
      index = model.lines.findIndex((line) => line.id === lineId);
    }
    if (index < 0) return;
    setSelection({ row: index, col: Math.max(0, col), anchorRow: index, anchorCol: Math.max(0, col) });
    requestAnimationFrame(focusGrid);
  };

  const addLine = () => {
    if (!activeLine) return;
    const line = model.insertLineAfter(activeLine);
    const index = model.lines.indexOf(line);
    if (showsAll) setSelection({ row: index, col: 0, anchorRow: index, anchorCol: 0 });
  };

  const removeLines = () => {
    const { top, bottom } = selectionBounds(clamped);
    model.removeLines(rows.slice(top, bottom + 1));
  };

  const fillDown = () => {
    const { top, bottom, left, right } = selectionBounds(clamped);
    model.fillDown(rows, top, bottom, left, right);
  };

  return { selection: clamped, setSelection, activeLine, selectLine, addLine, removeLines, fillDown };
}
