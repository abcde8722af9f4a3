"use client";

import { useTranslations } from "next-intl";
import { formatMonth } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { useLocale } from "next-intl";
import { problemText } from "../../export/problem-text";
import { bulkZipHref } from "../../bulk/client/api";
import type { BulkRun } from "../../bulk/schemas";

/**
 * A bulk export's run as it goes: how many months are done, one line per month (exported, exported
 * before, or not exported with the reason and each problem of the trial run), and once every month
 * is done the `Download ZIP` link (the files and `Ergebnisse.csv`).
 */
export function BulkExportResults({ run, names }: { run: BulkRun; names: ReadonlyMap<string, string> }) {
  const t = useTranslations("datev.bulk");
  const tAll = useTranslations();
  const locale = useLocale() as Locale;
  const count = (result: string) => run.results.filter((item) => item.result === result).length;
  const done = run.state === "done";
  return (
    <div className="space-y-2" role="status">
      <p className="font-medium">
        {done
          ? t("summary", { exported: count("exported"), already: count("already"), refused: count("refused") })
          : run.state === "queued"
            ? t("queued")
            : t("progress", { done: run.results.length, total: run.total })}
      </p>
      <ul aria-label={t("resultsLabel")} className="max-h-80 space-y-1 overflow-y-auto">
        {run.results.map((result) => {
          const key = `${result.item.connectionId}:${result.item.companyId}`;
          const ok = result.result !== "refused";
          const name = result.companyName ?? names.get(key) ?? String(result.item.companyId);
          return (
            <li key={`${key}:${result.item.period}`} data-ok={ok} className={ok ? "text-green-900" : "text-red-900"}>
              <span aria-hidden="true" className="mr-1 font-bold">
                {ok ? "✓" : "✗"}
              </span>
              {t("line", {
                name,
                month: formatMonth(locale, result.item.period),
                result: t(`results.${result.result}`),
              })}
              {result.reason ? <span className="block pl-5 text-sm">{t(`reasons.${result.reason}`)}</span> : null}
              {(result.problems ?? []).map((problem, index) => (
                <span key={index} className="block pl-5 text-sm opacity-80">
                  {problemText(tAll, problem)}
                </span>
              ))}
            </li>
          );
        })}
      </ul>
      {done ? (
        <a className="font-medium text-blue-800 underline" href={bulkZipHref(run.id)} download>
          {t("download")}
        </a>
      ) : null}
    </div>
  );
}
