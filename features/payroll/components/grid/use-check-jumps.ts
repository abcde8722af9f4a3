"use client";

import { useEffect, useRef } from "react";
import { cellFromHash, onCellJump, publishGrid, type CellJump } from "@/features/month-close/components/checks-store";
import type { GridModel } from "@/features/payroll/grid/model";
import type { EntryKind } from "@/features/payroll/entries/kinds";

/**
 * The grid's side of the month-close checks (features/month-close/components/checks-store.ts): publishes
 * the live model so the Checks region re-checks as lines change, and moves to a cell the region
 * asks for: at once on this page, or from the URL's `#cell=` when the region sent the person
 * here from the other grid's page.
 */
export function useCheckJumps(kind: EntryKind, model: GridModel, select: (lineId: string, col: number) => void): void {
  const selectRef = useRef(select);
  useEffect(() => {
    selectRef.current = select;
  });

  useEffect(() => publishGrid(kind, model), [kind, model]);

  useEffect(() => {
    const jump = (target: CellJump) => {
      const col = target.column ? model.spec.columns.findIndex((column) => column.key === target.column) : 0;
      selectRef.current(target.lineId, Math.max(0, col));
    };
    const fromHash = cellFromHash(window.location.hash);
    if (fromHash) {
      // After the first paint of the rows; the hash is removed so a reload does not jump again.
      requestAnimationFrame(() => jump(fromHash));
      history.replaceState(history.state, "", window.location.pathname + window.location.search);
    }
    return onCellJump(jump);
  }, [model]);
}
