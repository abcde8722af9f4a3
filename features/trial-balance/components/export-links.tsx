"use client";

import { useState, type MouseEvent } from "react";
import { useTranslations } from "next-intl";
import { buttonClassName } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { trialBalanceApi } from "@/features/trial-balance/client/api";

type Format = "pdf" | "csv" | "xlsx";
const FORMATS: readonly Format[] = ["pdf", "csv", "xlsx"];
/** The formats' own names (the same in every language). */
/** The page's query as the export's input (a repeated key keeps each value). */
function searchValues(query: string): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) (values[key] ??= []).push(value);
  return values;
}

const FORMAT_NAMES: Record<Format, string> = { pdf: "PDF", csv: "CSV", xlsx: "Excel" };

/** Hands a fetched file to the browser's downloads under its name. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked once the browser has taken it over (revoking at once may cancel the download).
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The pack's downloads (PDF, CSV, Excel): links to the export route with the page's query, so
 * the server writes them (the PDF library never reaches the browser) and they hold what the
 * page shows: its columns, groups, subtotals and grand total. Once the page runs, a click
 * fetches the file first (lib/http/client/browser-fetch.ts `apiDownload`): a failure (the service
 * unavailable, the connection ended) is then said here, with the reason, instead of ending as a
 * failed download without one. Before that, the plain link still downloads.
 */
export function ExportLinks({ query }: { query: string }) {
  const t = useTranslations();
  const [busy, setBusy] = useState<Format | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = (format: Format) => ({ format, ...searchValues(query) });
  const href = (format: Format) => trialBalanceApi.export.href(input(format));
  const link = buttonClassName("secondary", "sm", "inline-block no-underline");
  const label = {
    pdf: t("trialBalance.export.pdf"),
    csv: t("trialBalance.export.csv"),
    xlsx: t("trialBalance.export.xlsx"),
  };

  async function download(event: MouseEvent<HTMLAnchorElement>, format: Format) {
    event.preventDefault();
    if (busy) return;
    setBusy(format);
    setFailure(null);
    const result = await trialBalanceApi.export(input(format));
    setBusy(null);
    if (result.ok) save(result.data.blob, result.data.fileName ?? `trial-balance.${format}`);
    else
      setFailure(
        t("trialBalance.export.downloadFailed", {
          format: FORMAT_NAMES[format],
          message: errorMessage(t, result.error, "accounting"),
        }),
      );
  }

  return (
    <>
      {FORMATS.map((format) => (
        <a
          key={format}
          className={link}
          href={href(format)}
          download
          aria-busy={busy === format || undefined}
          onClick={(event) => void download(event, format)}
        >
          {busy === format ? t("trialBalance.export.preparing", { format: FORMAT_NAMES[format] }) : label[format]}
        </a>
      ))}
      {failure ? (
        <p role="alert" className="basis-full text-sm text-red-800">
          {failure}
        </p>
      ) : null}
    </>
  );
}
