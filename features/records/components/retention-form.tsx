"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { errorBody } from "@/components/ui/error-text";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Table, TableCaption, TableCell, TableRow, TableRowHeader } from "@/components/ui/table";
import { recordsApi } from "@/features/records/client/api";
import {
  EDITABLE_CLASSES,
  RECORD_CLASSES,
  RETENTION_RULES,
  type EditableClass,
  type RecordClass,
} from "@/features/records/retention";
import { RETENTION_PROBLEMS, retentionSettingsSchema, type RetentionSettingsInput } from "@/features/records/schemas";

const isEditable = (recordClass: RecordClass): recordClass is EditableClass =>
  (EDITABLE_CLASSES as readonly string[]).includes(recordClass);

/**
 * /settings/records: the table `Retention`, one row per record class with its rule and legal
 * source; an owner lengthens a period in place (never below the law: the shared schema says so
 * here and on the server, whose field errors land on the same fields). Others read it.
 */
export function RetentionForm({
  workspaceId,
  owner,
  initial,
}: {
  workspaceId: string;
  owner: boolean;
  initial: Record<EditableClass, number>;
}) {
  const t = useTranslations("records");
  const form = useForm<RetentionSettingsInput>({
    resolver: zodResolver(retentionSettingsSchema),
    defaultValues: { years: initial },
  });
  const save = useMutation({
    mutationFn: (values: RetentionSettingsInput) => recordsApi.setRetention({ workspaceId, ...values }),
    onSuccess: (answer) => form.reset({ years: answer.years as Record<EditableClass, number> }),
    onError: (error) => {
      for (const [field, problem] of Object.entries(errorBody(error).fields ?? {}))
        if (field.startsWith("years.")) form.setError(field as `years.${EditableClass}`, { message: problem });
    },
  });
  const years = useWatch({ control: form.control, name: "years" });
  const problemText = (recordClass: EditableClass): string | undefined => {
    const problem = form.formState.errors.years?.[recordClass]?.message;
    if (!problem) return undefined;
    const known = (RETENTION_PROBLEMS as readonly string[]).includes(problem) ? problem : "whole";
    return t(`problems.${known as (typeof RETENTION_PROBLEMS)[number]}`, {
      years: RETENTION_RULES[recordClass].legalYears,
    });
  };
  const ruleText = (recordClass: RecordClass) => {
    const rule = RETENTION_RULES[recordClass];
    if (rule.follows) return t("rules.follows");
    return t(`rules.${rule.event}`, {
      years: isEditable(recordClass) ? (years?.[recordClass] ?? rule.legalYears) : rule.legalYears,
    });
  };
  const unplaced = save.isError && !errorBody(save.error).fields;
  return (
    <form
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      noValidate
      className="space-y-3"
    >
      <Table
        caption={<TableCaption hidden>{t("retentionCaption")}</TableCaption>}
        columns={[t("recordClass"), t("rule"), t("source"), t("period")]}
      >
        {RECORD_CLASSES.map((recordClass) => {
          const error = isEditable(recordClass) ? problemText(recordClass) : undefined;
          const id = `retention-${recordClass}`;
          return (
            <TableRow key={recordClass}>
              <TableRowHeader>{t(`classes.${recordClass}`)}</TableRowHeader>
              <TableCell>{ruleText(recordClass)}</TableCell>
              <TableCell>{RETENTION_RULES[recordClass].source}</TableCell>
              <TableCell>
                {isEditable(recordClass) ? (
                  <div className="space-y-1">
                    <input
                      id={id}
                      type="number"
                      inputMode="numeric"
                      min={RETENTION_RULES[recordClass].legalYears}
                      readOnly={!owner}
                      // Shown from the server's HTML already, before the form's script takes the field over.
                      defaultValue={initial[recordClass]}
                      aria-label={t("yearsLabel", { recordClass: t(`classes.${recordClass}`) })}
                      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
                      aria-invalid={error ? true : undefined}
                      className="w-24 rounded border border-slate-400 bg-white px-2 py-1 read-only:bg-slate-100 aria-invalid:border-red-600"
                      {...form.register(`years.${recordClass}`, { valueAsNumber: true })}
                    />
                    <p id={`${id}-hint`} className="text-sm text-slate-700">
                      {t("legalMinimum", { years: RETENTION_RULES[recordClass].legalYears })}
                    </p>
                    {error ? (
                      <p id={`${id}-error`} className="text-sm text-red-700">
                        {error}
                      </p>
                    ) : null}
                  </div>
                ) : (
                  <span>{years?.books_and_audit_trail ?? initial.books_and_audit_trail}</span>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </Table>
      {owner ? (
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t("saving") : t("save")}
        </Button>
      ) : (
        <p className="text-sm text-slate-700">{t("ownerOnly")}</p>
      )}
      <p role="status" className="text-sm text-green-800">
        {save.isSuccess && !form.formState.isDirty ? t("saved") : ""}
      </p>
      {unplaced ? <ErrorNotice error={save.error} /> : null}
    </form>
  );
}
