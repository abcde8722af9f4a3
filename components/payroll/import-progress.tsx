"use client";

import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import type { ImportProgress as Progress, ReportRow } from "@/lib/payroll/import/imports";
import type { MessageKey } from "@/lib/i18n/translate";
import { problemText, sendJson } from "./problem-text";

const POLL_MS = 1_000;

/** Progress bar, pause and resume, and the per-row report once the import has finished. */
export function ImportProgress({ importId, initial }: { importId: string; initial: Progress }) {
  const t = useTranslations();
  const [progress, setProgress] = useState(initial);
  const [report, setReport] = useState<ReportRow[] | null>(null);
  const [acting, setActing] = useState(false);

  const load = useCallback(
    async (withReport: boolean) => {
      const response = await fetch(`/api/payroll/imports/${importId}${withReport ? "?report=1" : ""}`, { cache: "no-store" });
      if (!response.ok) return;
      const data = (await response.json()) as { import: Progress; report?: ReportRow[] };
      setProgress(data.import);
      if (data.report) setReport(data.report);
    },
    [importId],
  );

  useEffect(() => {
    if (progress.status !== "running" && report) return;
    const finished = progress.status !== "running";
    const timer = setTimeout(() => void load(finished), finished ? 0 : POLL_MS);
    return () => clearTimeout(timer);
  }, [progress, report, load]);

  async function act(action: "pause" | "resume") {
    setActing(true);
    const { data } = await sendJson<{ import?: Progress }>("POST", `/api/payroll/imports/${importId}`, { action });
    setActing(false);
    if (data.import) {
      setReport(null);
      setProgress(data.import);
    }
  }

  const { counts, total } = progress;
  const done = total - counts.pending - counts.sending;
  const statusText =
    progress.status === "completed"
      ? t("payroll.import.completed")
      : progress.status === "paused"
        ? progress.lastError
          ? t("payroll.import.stoppedBecause", { reason: progress.lastError })
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
        {t("payroll.import.counts", { created: counts.created, inUse: counts.in_use, refused: counts.refused, failed: counts.failed, skipped: counts.skipped })}
      </p>
      <div className="flex gap-3">
        {progress.status === "running" ? (
          <button type="button" disabled={acting} onClick={() => act("pause")} className="rounded border border-slate-400 bg-white px-4 py-2">
            {t("payroll.import.pause")}
          </button>
        ) : null}
        {progress.status === "paused" ? (
          <button type="button" disabled={acting} onClick={() => act("resume")} className="rounded bg-blue-700 px-4 py-2 font-medium text-white">
            {t("payroll.import.resume")}
          </button>
        ) : null}
      </div>
      {report && progress.status === "completed" ? (
        <div className="space-y-2">
          <h3 className="font-semibold">{t("payroll.import.report")}</h3>
          <table className="w-full border-collapse text-left text-sm" aria-label={t("payroll.import.report")}>
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className="p-2">{t("payroll.import.row")}</th>
                <th scope="col" className="p-2">{t("payroll.fields.id")}</th>
                <th scope="col" className="p-2">{t("payroll.employees.name")}</th>
                <th scope="col" className="p-2">{t("payroll.import.state")}</th>
              </tr>
            </thead>
            <tbody>
              {report.map((row) => (
                <tr key={row.row} className="border-t border-slate-200 align-top" data-state={row.state}>
                  <td className="p-2 tabular-nums">{row.row}</td>
                  <td className="p-2 tabular-nums">{row.employeeId || ""}</td>
                  <td className="p-2">{row.name}</td>
                  <td className="p-2">
                    {t(`payroll.import.states.${row.state}` as MessageKey)}
                    {row.state === "skipped" && Array.isArray(row.issues) ? (
                      <span className="block text-slate-600">
                        {(row.issues as { field: string; code: string }[]).map((issue) => `${t(`payroll.fields.${issue.field}` as MessageKey)}: ${problemText(t, issue.code)}`).join("; ")}
                      </span>
                    ) : row.message && row.state !== "created" ? (
                      <span className="block text-slate-600">{row.message}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
