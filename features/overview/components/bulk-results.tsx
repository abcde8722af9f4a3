"use client";

import { useTranslations } from "next-intl";
import { errorMessage } from "@/components/ui/error-text";
import type { ApiErrorCode } from "@/lib/http/envelope";

export interface ItemResult {
  key: string;
  name: string;
  ok: boolean;
  code: ApiErrorCode | null;
  message: string | null;
}

/**
 * A bulk action's answer, one line per company: done (✓, with the word for it) or refused with
 * its reason: the app's text for the refusal's code (in the person's language), and below it the
 * server's sentence with the particulars (e.g. how many warnings are not acknowledged).
 */
export function BulkResults({ results, doneKey }: { results: ItemResult[]; doneKey: "approved" | "assigned" }) {
  const t = useTranslations("overview.bulk");
  const tAll = useTranslations();
  const done = results.filter((result) => result.ok).length;
  return (
    <div className="space-y-2" role="status">
      <p className="font-medium">{t("resultsTitle", { done, total: results.length })}</p>
      <ul aria-label={t("results")} className="max-h-80 space-y-1 overflow-y-auto">
        {results.map((result) => (
          <li key={result.key} data-ok={result.ok} className={result.ok ? "text-green-900" : "text-red-900"}>
            <span aria-hidden="true" className="mr-1 font-bold">
              {result.ok ? "✓" : "✗"}
            </span>
            {result.ok
              ? t(doneKey, { name: result.name })
              : t("refused", { name: result.name, reason: errorMessage(tAll, { code: result.code ?? "internal" }) })}
            {!result.ok && result.message ? (
              <span className="block pl-5 text-sm opacity-80">{result.message}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
