"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import type { ImportProgress as Progress } from "@/features/payroll/imports/schemas";
import type { MessageKey } from "@/lib/i18n/translate";
import { payrollApi } from "@/features/payroll/client/api";
import { payrollKeys } from "@/features/payroll/query-keys";
import { importRowDetail } from "./import-row-detail";
import { Table, TableCell, TableRow } from "@/components/ui/table";

const POLL_MS = 1_000;

/** Progress bar, pause and resume, and the per-row report once the import has finished. */
export function ImportProgress({ importId, initial }: { importId: string; initial: Progress }) {
  const t = useTranslations();
  const queryClient = useQueryClient();
  const progressQuery = useQuery({
    queryKey: payrollKeys.import(importId),
    queryFn: async ({ signal }) => (await payrollApi.getImport({ importId }, { signal })).import,
    initialData: initial,
    // Polls while the job runs and stops by itself once it is paused or finished.
    refetchInterval: (query) => (query.state.data?.status === "running" ? POLL_MS : false),
  });
  const progress = progressQuery.data;
  const reportQuery = useQuery({
    queryKey: [...payrollKeys.import(importId), "report"],
    queryFn: async ({ signal }) => (await payrollApi.getImport({ importId, report: "1" }, { signal })).report ?? [],
    enabled: progress.status === "completed",
  });
  const report = reportQuery.data ?? null;
  const action = useMutation({
    mutationFn: async (change: "pause" | "resume") =>
      (await payrollApi.pauseOrResumeImport({ importId, action: change })).import,
    onSuccess: (next) => {
      queryClient.setQueryData(payrollKeys.import(importId), next);
      // A resumed import writes a new report; the old one must not be shown when it finishes again.
      queryClient.removeQueries({ queryKey: [...payrollKeys.import(importId), "report"] });
    },
  });
  const failure = action.error ?? (progressQuery.isError ? progressQuery.error : null) ?? reportQuery.error;

  const { counts, total } = progress;
  const done = total - counts.pending - counts.sending;
  const statusText =
    progress.status === "completed"
      ? t("payroll.import.completed")
      : progress.status === "paused"
        ? progress.lastError
          ? // The stop's reason is an error code (older imports kept the service's text: shown as the generic failure).
            t("payroll.import.stoppedBecause", { reason: errorMessage(t, { code: progress.lastError }) })
          : t("payroll.import.paused")
        : t("payroll.import.running");

  return (
    <section aria-labelledby="import-progress" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="import-progress" className="text-lg font-semibold">
        {t("payroll.import.progress")}
      </h2>
      <progress className="h-4 w-full" max={total} value={done} aria-label={t("payroll.import.progress")} />
      <p data-testid="import-progress-text">{t("payroll.import.progressText", { done, total })}</p>
      <p role="status" data-testid="import-status">
        {statusText}
      </p>
      <p data-testid="import-counts">
        {t("payroll.import.counts", {
          created: counts.created,
          inUse: counts.in_use,
          refused: counts.refused,
          failed: counts.failed,
          skipped: counts.skipped,
        })}
      </p>
      {failure ? <Notice tone="error">{errorMessage(t, failure)}</Notice> : null}
      <div className="flex gap-3">
        {progress.status === "running" ? (
          <Button
            variant="secondary"
            disabled={action.isPending}
            aria-busy={action.isPending}
            onClick={() => action.mutate("pause")}
          >
            {t("payroll.import.pause")}
          </Button>
        ) : null}
        {progress.status === "paused" ? (
          <Button disabled={action.isPending} aria-busy={action.isPending} onClick={() => action.mutate("resume")}>
            {t("payroll.import.resume")}
          </Button>
        ) : null}
      </div>
      {report && progress.status === "completed" ? (
        <div className="space-y-2">
          <h3 className="font-semibold">{t("payroll.import.report")}</h3>
          <Table
            density="compact"
            aria-label={t("payroll.import.report")}
            columns={[
              t("payroll.import.row"),
              t("payroll.fields.id"),
              t("payroll.employees.name"),
              t("payroll.import.state"),
            ]}
          >
            {report.map((row) => (
              <TableRow key={row.row} className="align-top" data-state={row.state}>
                <TableCell numeric>{row.row}</TableCell>
                <TableCell numeric>{row.employeeId || ""}</TableCell>
                <TableCell>{row.name}</TableCell>
                <TableCell>
                  {t(`payroll.import.states.${row.state}` as MessageKey)}
                  {importRowDetail(t, row) ? (
                    <span className="block text-slate-600">{importRowDetail(t, row)}</span>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </Table>
        </div>
      ) : null}
    </section>
  );
}
