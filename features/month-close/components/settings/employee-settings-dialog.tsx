"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/locales";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Field } from "@/components/ui/field";
import { monthCloseApi } from "@/features/month-close/client/api";
import {
  employeeSettingsForm,
  employeeSettingsInputSchema,
  PAY_CAP_KINDS,
  type EmployeeSettingsInput,
} from "@/features/month-close/settings/schemas";
import { payrollKeys } from "@/features/payroll/query-keys";
import { minijobLabel, type EmployeeSettings } from "./employee-settings";
import { numberFields, numberText, placeServerErrors, settingsError } from "./settings-form";

interface EmployeeSettingsDialogProps {
  companyId: number;
  period: string;
  companyHoursLimit: number;
  /** The employee being edited; null: the dialog is closed. */
  employee: { id: number; name: string } | null;
  current: EmployeeSettings | undefined;
  onClose: () => void;
}

const FIELDS = ["payCapKind", "payCapAmount", "monthlyHoursLimit"] as const;

/** The stored settings as the form's values, numbers written the person's way ("603,5" in German). */
function shownSettings(current: EmployeeSettings | undefined, locale: Locale): EmployeeSettingsInput {
  const values = employeeSettingsForm(current);
  const shown = (text: string) => (text === "" ? "" : numberText(locale, Number(text)));
  return { ...values, payCapAmount: shown(values.payCapAmount), monthlyHoursLimit: shown(values.monthlyHoursLimit) };
}

/** An employee's pay cap (none, minijob, an amount) and monthly hours limit, saved for the month-close checks. */
export function EmployeeSettingsDialog({
  companyId,
  period,
  companyHoursLimit,
  employee,
  current,
  onClose,
}: EmployeeSettingsDialogProps) {
  const t = useTranslations();
  const locale = useLocale();
  const queryClient = useQueryClient();
  // Each opening (the table keys the dialog by employee) starts from the stored settings, shown the person's way.
  const form = useForm<EmployeeSettingsInput>({
    resolver: numberFields(employeeSettingsInputSchema, ["payCapAmount", "monthlyHoursLimit"], locale),
    mode: "onTouched",
    defaultValues: shownSettings(current, locale),
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: "payCapKind" });
  const employeeId = employee?.id ?? null;

  const save = useMutation({
    mutationKey: [...payrollKeys.checkSettings(companyId), "save"],
    mutationFn: (values: EmployeeSettingsInput) =>
      monthCloseApi.setEmployeeSettings({ companyId, employeeId: String(employeeId), ...values }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData<EmployeeSettings[]>(payrollKeys.checkSettings(companyId), (list) => [
        ...(list ?? []).filter((row) => row.employeeId !== settings.employeeId),
        settings,
      ]);
      onClose();
    },
    onError: (error) => placeServerErrors(error, FIELDS, form.setError),
  });
  const close = () => {
    save.reset();
    onClose();
  };
  const kindLabel = (option: (typeof PAY_CAP_KINDS)[number]) =>
    option === "minijob" ? minijobLabel(t, locale, period) : t(`checkSettings.payCap.${option}`);

  return (
    <Dialog
      open={employee !== null}
      title={t("checkSettings.employeeTitle", { name: employee?.name ?? "" })}
      onClose={close}
    >
      <form
        onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
        noValidate
        className="space-y-4"
      >
        <fieldset className="space-y-1" aria-describedby={errors.payCapKind ? "pay-cap-kind-error" : undefined}>
          <legend className="font-medium">{t("checkSettings.payCapLegend")}</legend>
          {PAY_CAP_KINDS.map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input type="radio" value={option} {...form.register("payCapKind")} />
              {kindLabel(option)}
            </label>
          ))}
          {errors.payCapKind ? (
            <p id="pay-cap-kind-error" className="text-sm text-red-700">
              {settingsError(t, errors.payCapKind.message)}
            </p>
          ) : null}
        </fieldset>
        {kind === "custom" ? (
          <Field
            label={t("checkSettings.payCapAmount")}
            inputMode="decimal"
            error={settingsError(t, errors.payCapAmount?.message)}
            {...form.register("payCapAmount")}
          />
        ) : null}
        <Field
          label={t("checkSettings.employeeHoursLimit")}
          hint={t("checkSettings.employeeHoursHint", {
            hours: String(companyHoursLimit).replace(".", locale === "de" ? "," : "."),
          })}
          inputMode="decimal"
          error={settingsError(t, errors.monthlyHoursLimit?.message)}
          {...form.register("monthlyHoursLimit")}
        />
        {save.isError && !Object.keys(errors).length ? <ErrorNotice error={save.error} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={close}>
            {t("checkSettings.cancel")}
          </Button>
          <Button type="submit" size="sm" disabled={save.isPending} aria-busy={save.isPending}>
            {t("checkSettings.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
