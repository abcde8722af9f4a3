"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { fileImportApi } from "@/features/payroll/entries/file-import/client/api";
import {
  IMPORT_REFUSALS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  type ImportRefusalReason,
} from "@/features/payroll/entries/file-import/limits";
import type { EntryKind } from "@/features/payroll/entries/kinds";
import type { LoadedFile } from "./types";

/** The file's bytes as base64 (what the route takes), read by the browser. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

const isRefusal = (reason: unknown): reason is ImportRefusalReason =>
  (IMPORT_REFUSALS as readonly unknown[]).includes(reason);

/** Step 1: the file, read on the server (CSV or XLSX); a file it cannot take is named with the reason, in the dialog. */
export function ChooseFileStep(props: {
  companyId: number;
  kind: EntryKind;
  onLoaded: (file: LoadedFile) => void;
  onCancel: () => void;
}) {
  const t = useTranslations();
  const [reading, setReading] = useState(false);
  const [error, setError] = useState("");
  const refusal = (reason: ImportRefusalReason) =>
    t(`payrollEntries.fileImport.refused.${reason}`, { max: MAX_IMPORT_ROWS });

  const choose = async (file: File | undefined) => {
    setError("");
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) return setError(refusal("too_large"));
    if (file.size === 0) return setError(refusal("empty"));
    setReading(true);
    try {
      const content = await base64Of(file);
      const answer = await fileImportApi.readFile.result({
        companyId: props.companyId,
        kind: props.kind,
        fileName: file.name,
        content,
      });
      if (answer.ok)
        return props.onLoaded({ name: file.name, table: answer.data.table, remembered: answer.data.remembered });
      const reason = answer.error.reason;
      if (isRefusal(reason)) setError(refusal(reason));
      else if (answer.error.code === "body_too_large") setError(refusal("too_large"));
      else setError(errorMessage(t, answer.error));
    } catch (failure) {
      setError(errorMessage(t, failure));
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="space-y-3">
      <Field
        compact
        className=""
        label={t("payrollEntries.fileImport.fileLabel")}
        hint={t("payrollEntries.fileImport.fileHint")}
        hintClassName="mt-1 text-xs text-slate-600"
        after={
          <p role="status" aria-live="polite" className="mt-3 text-sm">
            {reading ? t("payrollEntries.fileImport.reading") : ""}
          </p>
        }
        error={error}
        errorClassName="mt-3 text-sm text-red-800"
        alert
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              // Emptied, so that choosing the same file again (after fixing it) is read again.
              event.target.value = "";
              void choose(chosen);
            }}
            className="mt-1 block w-full text-sm"
          />
        )}
      </Field>
      <div className="flex justify-end">
        <Button variant="secondary" size="sm" onClick={props.onCancel}>
          {t("payrollEntries.cancel")}
        </Button>
      </div>
    </div>
  );
}
