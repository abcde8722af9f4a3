"use client";

import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import type { PasteResult } from "@/features/payroll/grid/model";

/** The workbench's note beside the row count: what a paste, an import, a copy or a start just did. */
export function usePasteNote() {
  const t = useTranslations();
  const [pasteNote, setPasteNote] = useState("");
  const onPasted = useCallback(
    (result: PasteResult) => {
      setPasteNote(
        result.skippedRows || result.skippedColumns
          ? t("payrollEntries.pasteSkipped", {
              cells: result.cells,
              rows: result.skippedRows,
              columns: result.skippedColumns,
            })
          : t("payrollEntries.pasted", { cells: result.cells }),
      );
    },
    [t],
  );
  return { pasteNote, setPasteNote, onPasted };
}
