"use client";

import type { ClipboardEvent } from "react";
import type { GridColumn, GridLocale } from "@/features/payroll/grid/columns";
import { displayValue } from "@/features/payroll/grid/locale-input";
import type { GridLine, GridModel, PasteResult } from "@/features/payroll/grid/model";
import { toTsv } from "@/lib/csv/write";
import { selectionBounds, type GridSelection } from "./selection";

interface UseGridClipboardOptions {
  model: GridModel;
  rows: readonly GridLine[];
  columns: readonly GridColumn[];
  locale: GridLocale;
  selection: GridSelection;
  /** True while the cell editor is open: its input keeps the browser's own clipboard. */
  editing: boolean;
  onPasted: (result: PasteResult) => void;
}

type TsvParser = (text: string) => string[][];
// The clipboard's reader (papaparse, about 6.5 kB gzip) is loaded when the grid is first focused,
// not with the page (the hours page's JavaScript budget); a paste before it arrives waits for it.
let tsvParser: Promise<TsvParser> | undefined;
let loadedTsvParser: TsvParser | undefined;
function loadTsvParser(): Promise<TsvParser> {
  tsvParser ??= import("@/lib/csv/parse").then(
    (module) => (loadedTsvParser = module.parseTsv),
    (error: unknown) => {
      tsvParser = undefined; // asked for again at the next focus or paste
      throw error;
    },
  );
  return tsvParser;
}

/**
 * Copy, cut and paste of the selected block as tab-separated text, as spreadsheets exchange it:
 * copied in the person's number format, pasted (and fills a larger selection) through the model
 * as one undoable step; cut copies, then clears the block (one step too).
 */
export function useGridClipboard({
  model,
  rows,
  columns,
  locale,
  selection,
  editing,
  onPasted,
}: UseGridClipboardOptions) {
  function copySelection(event: ClipboardEvent<HTMLDivElement>) {
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

  function onCopy(event: ClipboardEvent<HTMLDivElement>) {
    if (editing) return;
    copySelection(event);
  }

  function onCut(event: ClipboardEvent<HTMLDivElement>) {
    if (editing || !rows.length) return;
    copySelection(event);
    const { top, bottom, left, right } = selectionBounds(selection);
    model.clear(rows, top, bottom, left, right);
  }

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    if (editing || !rows.length) return;
    const text = event.clipboardData.getData("text/plain");
    if (!text) return;
    event.preventDefault();
    const { top, bottom, left, right } = selectionBounds(selection);
    const paste = (parseTsv: TsvParser) =>
      onPasted(
        model.paste(rows, top, left, parseTsv(text), { rowCount: bottom - top + 1, colCount: right - left + 1 }),
      );
    if (loadedTsvParser) paste(loadedTsvParser);
    else void loadTsvParser().then(paste);
  }

  return { onCopy, onCut, onPaste, onFocus: () => void loadTsvParser().catch(() => {}) };
}
