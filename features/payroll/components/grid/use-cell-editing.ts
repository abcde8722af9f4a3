"use client";

import { useCallback, useState } from "react";
import type { GridLocale } from "@/features/payroll/grid/columns";
import { displayValue } from "@/features/payroll/grid/locale-input";
import type { GridLine, GridModel } from "@/features/payroll/grid/model";
import type { EditMode } from "./cell-editor";
import type { GridSelection } from "./selection";

interface Editing {
  lineId: string;
  col: number;
  initial: string;
  /** The cell's value when the editor opened: what the edit is based on, even if someone else's save is shown meanwhile. */
  base: string;
  mode: EditMode;
}

/** The grid's open cell editor (./entry-grid.tsx): which cell, from what value, and how it was opened. */
export function useCellEditing(options: {
  model: GridModel;
  rows: readonly GridLine[];
  selection: GridSelection;
  locale: GridLocale;
}) {
  const { model, rows, selection, locale } = options;
  const columns = model.spec.columns;
  const [editingState, setEditing] = useState<Editing | null>(null);
  const editing = editingState && model.lineById(editingState.lineId) ? editingState : null; // over once its line was removed
  const startEdit = useCallback(
    (mode: EditMode, initial?: string) => {
      const line = rows[selection.row];
      const column = columns[selection.col];
      if (!line || !column) return;
      setEditing({
        lineId: line.id,
        col: selection.col,
        mode,
        initial: initial ?? displayValue(column, line.cells[selection.col] ?? "", locale),
        base: line.cells[selection.col] ?? "",
      });
    },
    [rows, columns, selection, locale],
  );
  return { editing, setEditing, startEdit };
}
