"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import type { Translate } from "@/lib/i18n/translate";
import { CUT_OFF_KINDS } from "@/features/deadlines/schemas";

/** A field error code as people read it (`deadlines.errors.<code>`). */
export function deadlineError(t: Translate, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const key = `deadlines.errors.${code}` as never;
  return t.has(key) ? t(key) : t("deadlines.errors.notValid");
}

interface CutOffValues extends FieldValues {
  cutOffKind: string;
  cutOffNumber: string;
}

/**
 * The cut-off rule's two fields, shared by the workspace's and the company's forms: which rule
 * (a select; `extraOption` puts "the workspace's" first for a company) and its number, hidden
 * while the company follows the workspace.
 */
export function CutOffFields<T extends CutOffValues>({
  form,
  idPrefix,
  disabled,
  extraOption,
}: {
  form: UseFormReturn<T>;
  idPrefix: string;
  disabled: boolean;
  extraOption?: { value: string; label: string };
}) {
  const t = useTranslations();
  const kind = form.watch("cutOffKind" as Path<T>) as string;
  const errors = form.formState.errors as Partial<Record<"cutOffKind" | "cutOffNumber", { message?: string }>>;
  const kindError = deadlineError(t, errors.cutOffKind?.message);
  return (
    <>
      <div className="space-y-1">
        <label htmlFor={`${idPrefix}-kind`} className="block font-medium">
          {t("deadlines.kindLabel")}
        </label>
        <select
          id={`${idPrefix}-kind`}
          disabled={disabled}
          aria-invalid={kindError ? true : undefined}
          aria-describedby={kindError ? `${idPrefix}-kind-error` : undefined}
          className="w-full rounded border border-slate-400 bg-white px-3 py-2"
          {...form.register("cutOffKind" as Path<T>)}
        >
          {extraOption ? <option value={extraOption.value}>{extraOption.label}</option> : null}
          {CUT_OFF_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`deadlines.kinds.${value}`)}
            </option>
          ))}
        </select>
        {kindError ? (
          <p id={`${idPrefix}-kind-error`} className="text-sm text-red-700">
            {kindError}
          </p>
        ) : null}
      </div>
      {kind === "day_of_month" || kind === "bank_days_before_statement" ? (
        <Field
          label={kind === "day_of_month" ? t("deadlines.numberDay") : t("deadlines.numberDays")}
          hint={t("deadlines.numberHint")}
          inputMode="numeric"
          readOnly={disabled}
          error={deadlineError(t, errors.cutOffNumber?.message)}
          {...form.register("cutOffNumber" as Path<T>)}
        />
      ) : null}
    </>
  );
}
