"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Dialog } from "@/components/ui/dialog";
import { fileImportApi } from "@/features/payroll/entries/file-import/client/api";
import { coversFile, suggestMapping, type ColumnMapping } from "@/features/payroll/entries/file-import/mapping";
import { planImport } from "@/features/payroll/entries/file-import/plan";
import { ChooseFileStep } from "./choose-file-step";
import type { FileImportProps, LoadedFile } from "./types";
import { MappingStep } from "./mapping-step";
import { PreviewStep } from "./preview-step";

type Step = "choose" | "map" | "preview";
const STEPS: readonly Step[] = ["choose", "map", "preview"];

/**
 * Choose file → map columns → preview (the lines per employee, the rows without an employee,
 * the grid's checks) → apply as one undoable step of the grid (GridModel.importLines), which the
 * draft saver and co-editing carry like any edit. A file whose headers the company's remembered
 * mapping covers goes straight to the preview. Each step's heading takes focus when it opens.
 */
export default function FileImportDialog(props: FileImportProps & { onClose: () => void }) {
  const { kind, period, model } = props;
  const t = useTranslations();
  const [step, setStep] = useState<Step>("choose");
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [usedRemembered, setUsedRemembered] = useState(false);
  // Counts the files chosen: the same file chosen again is checked again.
  const [loads, setLoads] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step !== "choose") heading.current?.focus();
  }, [step]);

  const plan = useMemo(
    () =>
      file && step === "preview"
        ? planImport({ table: file.table, mapping, kind, month: period, employees: props.employees })
        : null,
    [file, mapping, kind, period, props.employees, step],
  );

  const loaded = (next: LoadedFile) => {
    setFile(next);
    setLoads((count) => count + 1);
    setMapping(suggestMapping(next.table.headers, kind, next.remembered));
    const covered = coversFile(next.table.headers, kind, next.remembered);
    setUsedRemembered(covered);
    setStep(covered ? "preview" : "map");
  };

  const apply = async () => {
    if (!file || !plan) return;
    const added = model.importLines(plan.lines);
    props.onImported(
      t("payrollEntries.fileImport.applied", { lines: added, file: file.name, unmatched: plan.unmatched.length }),
    );
    props.onClose();
    const remembered = await fileImportApi.rememberMapping.result({ companyId: props.companyId, kind, mapping });
    if (!remembered.ok) props.onImported(t("payrollEntries.fileImport.rememberFailed"));
  };

  const stepName = (name: Step) =>
    t(
      name === "choose"
        ? "payrollEntries.fileImport.stepChoose"
        : name === "map"
          ? "payrollEntries.fileImport.stepMap"
          : "payrollEntries.fileImport.stepPreview",
    );

  return (
    <Dialog
      open
      title={t("payrollEntries.fileImport.title", { kind: props.kindName })}
      onClose={props.onClose}
      width="w-[48rem]"
    >
      <ol aria-label={t("payrollEntries.fileImport.steps")} className="flex flex-wrap gap-3 text-sm">
        {STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={name === step ? "step" : undefined}
            className={name === step ? "font-semibold text-blue-800" : "text-slate-600"}
          >
            {index + 1}. {stepName(name)}
          </li>
        ))}
      </ol>
      {step === "choose" ? null : (
        <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
          {stepName(step)}
        </h3>
      )}
      {step === "choose" ? (
        <ChooseFileStep companyId={props.companyId} kind={kind} onLoaded={loaded} onCancel={props.onClose} />
      ) : null}
      {step === "map" && file ? (
        <MappingStep
          kind={kind}
          file={file}
          mapping={mapping}
          onChange={setMapping}
          onBack={() => setStep("choose")}
          onNext={() => {
            setUsedRemembered(false);
            setStep("preview");
          }}
        />
      ) : null}
      {step === "preview" && file && plan ? (
        <PreviewStep
          kind={kind}
          grid={props}
          planKey={`${loads}|${JSON.stringify(mapping)}`}
          fileName={file.name}
          plan={plan}
          usedRemembered={usedRemembered}
          onChangeMapping={() => setStep("map")}
          onBack={() => setStep(usedRemembered ? "choose" : "map")}
          onApply={() => void apply()}
        />
      ) : null}
    </Dialog>
  );
}
