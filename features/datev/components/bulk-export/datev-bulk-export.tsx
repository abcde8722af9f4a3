"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import type { BulkMonth } from "../../bulk/schemas";
import { BulkExportResults } from "./bulk-export-results";
import { useBulkExport } from "./use-bulk-export";

interface SelectedMonth extends BulkMonth {
  name: string;
}

/**
 * `Export for DATEV` among the overview's bulk actions: a dialog that says what will happen, starts
 * the run (a job) for the selected months, and shows its results as they come, then the ZIP.
 * After a reload the last run is shown again when the dialog opens.
 */
export function DatevBulkExport({ selected }: { selected: SelectedMonth[] }) {
  const t = useTranslations("datev.bulk");
  const [open, setOpen] = useState(false);
  const [requestKey, setRequestKey] = useState("");
  const { start, run, runId, forget } = useBulkExport();
  const names = new Map(selected.map((month) => [`${month.connectionId}:${month.companyId}`, month.name]));
  const showing = runId !== null && run.data !== undefined;
  const close = () => {
    setOpen(false);
    if (run.data?.state === "done" || run.isError) forget();
  };
  const begin = () =>
    start.mutate({
      requestKey,
      months: selected.map(({ connectionId, companyId, period }) => ({ connectionId, companyId, period })),
    });

  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={selected.length === 0 && runId === null}
        onClick={() => {
          setRequestKey(crypto.randomUUID());
          setOpen(true);
        }}
      >
        {t("button")}
      </Button>
      <Dialog open={open} onClose={close} title={t("title", { count: showing ? run.data.total : selected.length })}>
        {showing ? <BulkExportResults run={run.data} names={names} /> : <p className="text-slate-800">{t("text")}</p>}
        {start.isError ? <ErrorNotice error={start.error} /> : null}
        {run.isError ? <ErrorNotice error={run.error} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={close}>
            {showing ? t("close") : t("cancel")}
          </Button>
          {showing || runId !== null ? null : (
            <Button
              size="sm"
              onClick={begin}
              disabled={start.isPending || selected.length === 0}
              aria-busy={start.isPending}
            >
              {start.isPending ? t("starting") : t("confirm")}
            </Button>
          )}
        </div>
      </Dialog>
    </>
  );
}
