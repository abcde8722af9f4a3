"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { EMPLOYEE_FIELDS, type EmployeeField } from "@/features/payroll/employees/employee-schema";
import { decodeSpreadsheetBytes } from "@/lib/csv/parse";
import type { ColumnMapping } from "@/features/payroll/imports/columns";
import type { ImportContextData } from "@/features/payroll/imports/validate-rows";
import type { ValidatedAnswer } from "./import-validate.worker";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Notice } from "@/components/ui/notice";
import { payrollApi } from "@/features/payroll/client/api";
import { payrollKeys } from "@/features/payroll/query-keys";
import { problemText } from "../connection/problem-text";
import { Table, TableCell, TableRow } from "@/components/ui/table";

const MAX_ROWS = 5_000;

type WorkerAnswer = { type: "parsed"; headers: string[]; rowCount: number; mapping: ColumnMapping } | ValidatedAnswer;

/** Upload or paste → column mapping → every row checked in a Web Worker → start the import job. */
export function ImportWizard({ companyId, context }: { companyId: number; context: ImportContextData }) {
  const t = useTranslations();
  const router = useRouter();
  const worker = useRef<Worker | null>(null);
  const pasteArea = useRef<HTMLTextAreaElement | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  // Which of the two the person used last: file or paste. Read when "Read rows" is pressed, not on
  // change, so a file chosen before the page came alive (hydration) is not lost.
  const lastUsed = useRef<"file" | "paste" | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [checked, setChecked] = useState<ValidatedAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const startImport = useMutation({
    // The worker already serialized the rows: the body goes as it is, off the main thread's JSON.stringify.
    mutationFn: (jsonText: string) => payrollApi.createImport({ companyId }, { jsonText }),
    onSuccess: async ({ import: started }) => {
      await queryClient.invalidateQueries({ queryKey: payrollKeys.imports(companyId) });
      router.push(`/payroll/companies/${companyId}/import?job=${started.id}`);
    },
  });
  const starting = startImport.isPending;

  useEffect(() => {
    const instance = new Worker(new URL("./import-validate.worker.ts", import.meta.url), { type: "module" });
    instance.addEventListener("message", (event: MessageEvent<WorkerAnswer>) => {
      const answer = event.data;
      if (answer.type === "parsed") {
        setHeaders(answer.headers);
        setMapping(answer.mapping);
      } else {
        setChecked(answer);
        setBusy(false);
      }
    });
    worker.current = instance;
    return () => instance.terminate();
  }, []);

  async function read() {
    startImport.reset();
    const file = fileInput.current?.files?.[0];
    const pasted = pasteArea.current?.value ?? "";
    let text = pasted;
    if (file && (lastUsed.current !== "paste" || !pasted.trim())) {
      // An unreadable file reads as none: the wizard then asks for a file again.
      text = await file.arrayBuffer().then(decodeSpreadsheetBytes, () => "");
    }
    setMessage(null);
    setChecked(null);
    if (!text.trim()) {
      setMessage(t("payroll.import.noRows"));
      return;
    }
    setBusy(true);
    worker.current?.postMessage({ type: "parse", text, context });
  }

  function remap(field: EmployeeField, column: string) {
    if (!mapping) return;
    const next = { ...mapping, [field]: column === "" ? null : Number(column) };
    setMapping(next);
    setBusy(true);
    worker.current?.postMessage({ type: "validate", mapping: next });
  }

  function start() {
    if (!checked) return;
    setMessage(null);
    startImport.mutate(checked.body);
  }
  const shownMessage = message ?? (startImport.isError ? errorMessage(t, startImport.error) : null);

  const invalid = checked?.problemRows ?? [];
  const inUse = checked?.inUseRows ?? [];
  const ready = checked?.ready ?? 0;
  const tooMany = (checked?.total ?? 0) > MAX_ROWS;

  return (
    <div className="space-y-6">
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-2">
        <Field id="import-file" label={t("payroll.import.file")}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/plain"
              ref={fileInput}
              onChange={() => (lastUsed.current = "file")}
            />
          )}
        </Field>
        <Field id="import-paste" label={t("payroll.import.paste")}>
          {(control) => (
            // Uncontrolled and unwrapped: a paste of thousands of rows costs no re-render and little layout.
            <textarea
              {...control}
              ref={pasteArea}
              rows={5}
              wrap="off"
              onInput={() => (lastUsed.current = "paste")}
              className="w-full rounded border border-slate-400 p-2 font-mono text-sm"
            />
          )}
        </Field>
        <div>
          <Button onClick={() => void read()} disabled={busy}>
            {t("payroll.import.read")}
          </Button>
        </div>
      </div>

      {shownMessage ? <Notice tone="error">{shownMessage}</Notice> : null}

      {mapping ? (
        <details
          className="rounded-lg border border-slate-200 bg-white p-4"
          open={EMPLOYEE_FIELDS.some((field) => mapping[field] === null)}
        >
          <summary className="cursor-pointer font-semibold">{t("payroll.import.mapping")}</summary>
          <p className="text-sm text-slate-600">{t("payroll.import.mappingHint")}</p>
          <div className="mt-3 grid gap-3 sm:grid-cols-3">
            {EMPLOYEE_FIELDS.map((field) => (
              <Field key={field} compact id={`map-${field}`} label={t(`payroll.fields.${field}`)}>
                {(control) => (
                  <Select
                    {...control}
                    size="sm"
                    value={mapping[field] ?? ""}
                    onChange={(event) => remap(field, event.target.value)}
                    className="w-full"
                    placeholder={t("payroll.import.notMapped")}
                    options={headers.map((header, index) => ({
                      value: String(index),
                      label: header || `#${index + 1}`,
                    }))}
                  />
                )}
              </Field>
            ))}
          </div>
        </details>
      ) : null}

      <p aria-live="polite" data-testid="import-summary" className="font-medium">
        {busy
          ? t("payroll.import.validating")
          : checked
            ? t("payroll.import.summary", {
                total: checked.total,
                valid: ready,
                inUse: inUse.length,
                invalid: checked.invalidCount,
              })
            : ""}
      </p>
      {tooMany ? <p role="alert">{t("payroll.import.tooMany", { max: MAX_ROWS })}</p> : null}

      {invalid.length ? (
        <section aria-labelledby="import-problems" className="space-y-2">
          <h2 id="import-problems" className="text-lg font-semibold">
            {t("payroll.import.problemsTitle")}
          </h2>
          <Table
            density="compact"
            columns={[
              t("payroll.import.row"),
              t("payroll.fields.id"),
              t("payroll.employees.name"),
              t("payroll.import.problems"),
            ]}
          >
            {invalid.map((row) => (
              <TableRow key={row.row} className="align-top">
                <TableCell numeric>{row.row}</TableCell>
                <TableCell numeric>{row.employeeId ?? ""}</TableCell>
                <TableCell>{row.name}</TableCell>
                <TableCell>
                  <ul>
                    {row.problems.map((problem, index) => (
                      <li key={index}>
                        {t(`payroll.fields.${problem.field as EmployeeField}`)}: {problemText(t, problem.code)}
                      </li>
                    ))}
                  </ul>
                </TableCell>
              </TableRow>
            ))}
          </Table>
        </section>
      ) : null}

      {inUse.length ? (
        <section aria-labelledby="import-in-use" className="space-y-2">
          <h2 id="import-in-use" className="text-lg font-semibold">
            {t("payroll.import.inUseTitle")}
          </h2>
          <ul className="list-disc pl-5 text-sm">
            {inUse.map((row) => (
              <li key={row.row}>
                {t("payroll.import.row")} {row.row}: {row.employeeId} {row.name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {checked && ready > 0 && !tooMany ? (
        <Button onClick={start} disabled={starting || busy} aria-busy={starting}>
          {starting ? t("payroll.import.starting") : t("payroll.import.start", { count: ready })}
        </Button>
      ) : null}
    </div>
  );
}
