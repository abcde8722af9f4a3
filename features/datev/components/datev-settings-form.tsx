"use client";

import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { SettingsForm } from "@/components/ui/settings-form";
import { keyUnder, type Translate } from "@/lib/i18n/translate";
import { typeLabels } from "@/features/payroll/entries/labels";
import { placeServerErrors } from "@/features/month-close/components/settings/settings-form";
import { datevApi } from "../client/api";
import { companyDatevInputSchema, wageTypeRows, type CompanyDatevInput } from "../settings/schemas";
import { CARRIERS, GRID_TYPES, type WageTypeMapping } from "../settings/wage-types";

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

/** A field error's code as text: `range:1001:9999999` → "Between 1001 and 9999999." */
function errorText(t: Translate, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const [name = "", min, max] = code.split(":");
  const key = keyUnder(t, "datev.errors", name);
  return key ? t(key, { min: min ?? "", max: max ?? "" }) : t("datev.errors.notValid");
}

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
  const locale = useLocale() as "en" | "de";
  const form = useForm<CompanyDatevInput>({
    resolver: zodResolver(companyDatevInputSchema) as never,
    defaultValues: asInput(props),
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationKey: ["payroll", "companies", props.companyId, "datev-settings"],
    mutationFn: (values: CompanyDatevInput) => datevApi.setSettings({ companyId: String(props.companyId), ...values }),
    onSuccess: ({ settings }) => form.reset(asInput({ ...props, ...settings })),
    onError: (error) => placeServerErrors(error, FIELDS, form.setError),
  });
  const labels = { ...typeLabels("hours"), ...typeLabels("payments") };
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
      failure={save.isError && !FIELDS.some((field) => errors[field]) ? save.error : null}
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
      <table className="w-full text-sm" aria-label={t("datev.wageTypes")}>
        <caption className="text-left font-semibold">{t("datev.wageTypes")}</caption>
        <thead>
          <tr className="text-left">
            <th scope="col">{t("datev.type")}</th>
            <th scope="col">{t("datev.wageTypeNumber")}</th>
            <th scope="col">{t("datev.processingKey")}</th>
            <th scope="col">{t("datev.carries")}</th>
          </tr>
        </thead>
        <tbody>
          {GRID_TYPES.map(({ kind, type }, index) => {
            const label = labels[type]?.[locale] ?? type;
            const rowErrors = errors.wageTypes?.[index];
            return (
              <tr key={type}>
                <th scope="row" className="pr-2 text-left font-normal">
                  {label}
                </th>
                <td>
                  <input
                    aria-label={`${t("datev.wageTypeNumber")} ${label}`}
                    inputMode="numeric"
                    readOnly={disabled}
                    className="w-24 rounded border px-2 py-1"
                    aria-invalid={rowErrors?.wageTypeNumber ? true : undefined}
                    title={errorText(t, rowErrors?.wageTypeNumber?.message)}
                    {...form.register(`wageTypes.${index}.wageTypeNumber`)}
                  />
                  {rowErrors?.wageTypeNumber ? (
                    <p className="text-red-700">{errorText(t, rowErrors.wageTypeNumber.message)}</p>
                  ) : null}
                </td>
                <td>
                  <input
                    aria-label={`${t("datev.processingKey")} ${label}`}
                    inputMode="numeric"
                    readOnly={disabled}
                    className="w-16 rounded border px-2 py-1"
                    {...form.register(`wageTypes.${index}.processingKey`)}
                  />
                  {rowErrors?.processingKey ? (
                    <p className="text-red-700">{errorText(t, rowErrors.processingKey.message)}</p>
                  ) : null}
                </td>
                <td>
                  <select
                    aria-label={`${t("datev.carries")} ${label}`}
                    disabled={disabled}
                    className="rounded border px-2 py-1"
                    {...form.register(`wageTypes.${index}.carries`)}
                  >
                    {CARRIERS[kind].map((carrier) => (
                      <option key={carrier} value={carrier}>
                        {t(`datev.carriers.${carrier}`)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </SettingsForm>
  );
}
