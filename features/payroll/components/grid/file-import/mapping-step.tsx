"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import {
  EMPLOYEE_TARGETS,
  mappingGaps,
  normaliseHeader,
  type ColumnMapping,
} from "@/features/payroll/entries/file-import/mapping";
import { fieldsOf, type EntryKind } from "@/features/payroll/entries/kinds";
import { columnLabel } from "@/features/payroll/grid/messages";
import type { LoadedFile } from "./types";

interface MappingStepProps {
  kind: EntryKind;
  file: LoadedFile;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  onBack: () => void;
  onNext: () => void;
}

/** Step 2: each column of the file and the field it feeds (guessed from known headers or remembered), one select per column. */
export function MappingStep({ kind, file, mapping, onChange, onBack, onNext }: MappingStepProps) {
  const t = useTranslations();
  const gapsId = useId();
  const gaps = mappingGaps(mapping, kind);
  const targetName = (target: string) =>
    (EMPLOYEE_TARGETS as readonly string[]).includes(target)
      ? t(`payrollEntries.fileImport.targets.${target as (typeof EMPLOYEE_TARGETS)[number]}`)
      : columnLabel(t, target);
  const sample = (col: number) => file.table.rows.slice(0, 20).find((row) => (row[col] ?? "").trim())?.[col] ?? "";

  const choose = (header: string, target: string) => {
    const next: ColumnMapping = {};
    // A field is fed by one column: choosing it for this column takes it from another.
    for (const [other, value] of Object.entries(mapping)) if (other !== header && value !== target) next[other] = value;
    if (target) next[header] = target;
    onChange(next);
  };

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!gaps.employee && !gaps.fields) onNext();
      }}
    >
      <p className="text-sm text-slate-700">{t("payrollEntries.fileImport.mapIntro", { file: file.name })}</p>
      <div className="grid max-h-[50vh] gap-2 overflow-auto sm:grid-cols-2">
        {file.table.headers.map((header, col) => {
          const key = normaliseHeader(header);
          const shown = sample(col);
          return (
            <Field
              key={`${col}-${header}`}
              compact
              label={
                <>
                  {t("payrollEntries.fileImport.mapColumn", { header: header || `#${col + 1}` })}
                  {shown ? (
                    <span className="ml-1 font-normal text-slate-600">
                      {t("payrollEntries.fileImport.mapSample", { sample: shown })}
                    </span>
                  ) : null}
                </>
              }
            >
              {(control) => (
                <Select
                  {...control}
                  value={key ? (mapping[key] ?? "") : ""}
                  disabled={!key}
                  onChange={(event) => choose(key, event.target.value)}
                  className="w-full"
                  placeholder={t("payrollEntries.fileImport.notImported")}
                  options={[...EMPLOYEE_TARGETS, ...fieldsOf(kind)].map((target) => ({
                    value: target,
                    label: targetName(target),
                  }))}
                />
              )}
            </Field>
          );
        })}
      </div>
      <div id={gapsId} role="alert" className="space-y-1 text-sm text-red-800">
        {gaps.employee ? <p>{t("payrollEntries.fileImport.needEmployee")}</p> : null}
        {gaps.fields ? <p>{t("payrollEntries.fileImport.needField")}</p> : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onBack}>
          {t("payrollEntries.fileImport.back")}
        </Button>
        <Button type="submit" size="sm" disabled={gaps.employee || gaps.fields} aria-describedby={gapsId}>
          {t("payrollEntries.fileImport.toPreview")}
        </Button>
      </div>
    </form>
  );
}
