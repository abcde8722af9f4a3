"use client";

import { lazy, Suspense, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { FileImportProps } from "./types";

// The dialog (steps, mapping, matching, the preview's checks) loads on the first click: the grid
// page's JavaScript grows by this button only (its budget: grid_page_js_kb). Files are read on the server.
const FileImportDialog = lazy(() => import("./file-import-dialog"));

/** The grid toolbar's "Import file …": a time-tracking export into the grid as one undoable step. */
export function FileImportButton(props: FileImportProps) {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <>
      <Button ref={button} variant="secondary" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t("payrollEntries.fileImport.button")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <FileImportDialog {...props} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
