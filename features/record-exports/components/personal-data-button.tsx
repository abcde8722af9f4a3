"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { recordExportsApi } from "../client/api";
import { saveFile } from "./save-file";

/**
 * On an employee (the company page's employee table, owners only): `Export personal data` fetches
 * the Art. 15 ZIP and hands it to the browser; a refusal or failure is said beside the button.
 */
export function PersonalDataButton({ companyId, employeeId }: { companyId: number; employeeId: number }) {
  const t = useTranslations();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function download() {
    setBusy(true);
    setOutcome(null);
    const result = await recordExportsApi.personalData({
      companyId: String(companyId),
      employeeId: String(employeeId),
    });
    setBusy(false);
    if (!result.ok) return setOutcome({ ok: false, text: errorMessage(t, result.error) });
    const fileName = result.data.fileName ?? `personal-data-${employeeId}.zip`;
    saveFile(result.data.blob, fileName);
    setOutcome({ ok: true, text: t("recordExports.personalData.made", { fileName }) });
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" disabled={busy} aria-busy={busy} onClick={() => void download()}>
        {t("recordExports.personalData.button")}
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
