"use client";

import { useMutation } from "@tanstack/react-query";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { SettingsForm } from "@/components/ui/settings-form";
import { placeServerErrors } from "@/features/month-close/components/settings/settings-form";
import { datevApi } from "../client/api";
import { companyDatevInputSchema, wageTypeRows, type CompanyDatevInput } from "../settings/schemas";
import type { WageTypeMapping } from "../settings/wage-types";
import { errorText } from "./error-text";
import { WAGE_TYPE_PATHS, WageTypesTable } from "./wage-types-table";

export interface DatevSettingsProps {
  companyId: number;
  consultantNumber: number | null;
  clientNumber: number | null;
  program: "lodas" | "lug";
  target: "payroll_service" | "datev";
  /** Every grid type's effective mapping (the company's, the firm's default, or none). */
  wageTypes: Record<string, WageTypeMapping>;
  /** The person's roles may change them (`payroll.edit`); otherwise the form only shows them. */
  editable: boolean;
}

const FIELDS = ["consultantNumber", "clientNumber", "program", "target"] as const;

const asInput = (props: DatevSettingsProps): CompanyDatevInput => ({
  consultantNumber: props.consultantNumber === null ? "" : String(props.consultantNumber),
  clientNumber: props.clientNumber === null ? "" : String(props.clientNumber),
  program: props.program,
  target: props.target,
  wageTypes: wageTypeRows(props.wageTypes),
});

/**
 * The company's `DATEV` section: consultant and client number, payroll program, where the month
 * goes, and the `Wage types` table (one row per grid type: wage type number, processing key, the
 * value it carries), prefilled from the firm's defaults.
 */
export function DatevSettingsForm(props: DatevSettingsProps) {
  const t = useTranslations();
  const form = useForm<CompanyDatevInput>({
    resolver: zodResolver(companyDatevInputSchema, undefined, { raw: true }) as never,
    defaultValues: asInput(props),
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationKey: ["payroll", "companies", props.companyId, "datev-settings"],
    mutationFn: (values: CompanyDatevInput) => datevApi.setSettings({ companyId: String(props.companyId), ...values }),
    onSuccess: ({ settings }) => form.reset(asInput({ ...props, ...settings })),
    onError: (error) => placeServerErrors(error, [...FIELDS, ...WAGE_TYPE_PATHS], form.setError),
  });
  const disabled = !props.editable;

  return (
    <SettingsForm
      titleId="datev-settings-title"
      title={t("datev.section")}
      intro={t("datev.intro")}
      className="max-w-3xl space-y-3"
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      editable={props.editable}
      saveLabel={t("datev.save")}
      readOnlyText={t("datev.readOnly")}
      pending={save.isPending}
      saved={save.isSuccess && !form.formState.isDirty ? t("datev.saved") : ""}
      failure={save.isError && !FIELDS.some((field) => errors[field]) && !errors.wageTypes ? save.error : null}
    >
      <Field
        label={t("datev.consultantNumber")}
        inputMode="numeric"
        readOnly={disabled}
        error={errorText(t, errors.consultantNumber?.message)}
        {...form.register("consultantNumber")}
      />
      <Field
        label={t("datev.clientNumber")}
        inputMode="numeric"
        readOnly={disabled}
        error={errorText(t, errors.clientNumber?.message)}
        {...form.register("clientNumber")}
      />
      <Field id="datev-program" label={t("datev.payrollProgram")} error={errorText(t, errors.program?.message)}>
        {(control) => (
          <Select
            {...control}
            disabled={disabled}
            options={[
              { value: "lodas", label: t("datev.programs.lodas") },
              { value: "lug", label: t("datev.programs.lug") },
            ]}
            {...form.register("program")}
          />
        )}
      </Field>
      <Field id="datev-target" label={t("datev.target")} hint={t("datev.targetHint")}>
        {(control) => (
          <Select
            {...control}
            disabled={disabled}
            options={[
              { value: "payroll_service", label: t("datev.targets.payroll_service") },
              { value: "datev", label: t("datev.targets.datev") },
            ]}
            {...form.register("target")}
          />
        )}
      </Field>
      <WageTypesTable
        register={(name) => form.register(name)}
        errors={errors.wageTypes as FieldErrors<CompanyDatevInput["wageTypes"][number]>[] | undefined}
        disabled={disabled}
      />
    </SettingsForm>
  );
}
