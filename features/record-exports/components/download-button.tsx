"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import type { Download } from "@/lib/http/client/browser-fetch";
import type { ApiResult } from "@/lib/http/envelope";
import { saveFile } from "./save-file";

/**
 * A button that fetches a file from a download route and hands it to the browser; what was made, or
 * why not (the refusal's text), is said beside it.
 */
export function DownloadButton({
  label,
  fallbackName,
  made,
  fetchFile,
  variant = "secondary",
}: {
  label: string;
  fallbackName: string;
  made: (fileName: string) => string;
  fetchFile: () => Promise<ApiResult<Download>>;
  variant?: "primary" | "secondary";
}) {
  const t = useTranslations();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function download() {
    setBusy(true);
    setOutcome(null);
    const result = await fetchFile();
    setBusy(false);
    if (!result.ok) return setOutcome({ ok: false, text: errorMessage(t, result.error) });
    const fileName = result.data.fileName ?? fallbackName;
    saveFile(result.data.blob, fileName);
    setOutcome({ ok: true, text: made(fileName) });
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant={variant} size="sm" disabled={busy} aria-busy={busy} onClick={() => void download()}>
        {label}
      </Button>
      <span
        role={outcome?.ok === false ? "alert" : "status"}
        className={outcome?.ok ? "text-sm" : "text-sm text-red-800"}
      >
        {outcome?.text ?? ""}
      </span>
    </span>
  );
}
