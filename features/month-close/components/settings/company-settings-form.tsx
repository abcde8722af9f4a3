"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Field } from "@/components/ui/field";
import { monthCloseApi } from "@/features/month-close/client/api";
import { FEDERAL_STATES, type FederalState } from "@/features/month-close/checks/federal-states";
import { companySettingsInputSchema, type CompanySettingsInput } from "@/features/month-close/settings/schemas";
import { numberFields, numberText, placeServerErrors, settingsError } from "./settings-form";

export interface CompanySettingsProps {
  companyId: number;
  /** The confirmed Land, or null while none is. */
  federalState: FederalState | null;
  proposedFederalState: FederalState | null;
  postalCode: string;
  monthlyHoursLimit: number;
  /** The person's roles may change settings (`payroll.edit`); otherwise the form only shows them. */
  editable: boolean;
}

const FIELDS = ["federalState", "monthlyHoursLimit"] as const;

/**
 * The company's check settings: the Land for public holidays (proposed from the postal code,
 * confirmed by saving it) and the monthly hours limit per employee.
 */
export function CompanySettingsForm(props: CompanySettingsProps) {
  const t = useTranslations();
  const locale = useLocale();
  const [confirmed, setConfirmed] = useState<FederalState | null>(props.federalState);
  const initial: CompanySettingsInput = {
    federalState: props.federalState ?? props.proposedFederalState ?? "",
    monthlyHoursLimit: numberText(locale, props.monthlyHoursLimit),
  };
  const form = useForm<CompanySettingsInput>({
    resolver: numberFields(companySettingsInputSchema, ["monthlyHoursLimit"], locale),
    defaultValues: initial,
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationKey: ["payroll", "companies", props.companyId, "check-settings"],
    mutationFn: (values: CompanySettingsInput) => monthCloseApi.setCompanySettings({ companyId: props.companyId, ...values }),
    onSuccess: ({ settings }) => {
      setConfirmed(settings.federalState);
      form.reset({ federalState: settings.federalState ?? "", monthlyHoursLimit: numberText(locale, settings.monthlyHoursLimit) });
    },
    onError: (error) => placeServerErrors(error, FIELDS, form.setError),
  });
  const stateName = (state: FederalState) => t(`monthChecks.federalStates.${state}`);
  const status =
    confirmed !== null
      ? t("checkSettings.stateConfirmed", { state: stateName(confirmed) })
      : props.proposedFederalState
        ? t("checkSettings.stateProposed", { state: stateName(props.proposedFederalState), postalCode: props.postalCode })
        : t("checkSettings.stateNoProposal", { postalCode: props.postalCode });

  return (
    <section aria-labelledby="check-settings-title" className="max-w-xl space-y-3">
      <h2 id="check-settings-title" className="text-xl font-semibold">
        {t("checkSettings.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("checkSettings.intro")}</p>
      <form
        onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
        noValidate
        className="space-y-4"
        aria-labelledby="check-settings-title"
      >
        <div className="space-y-1">
          <label htmlFor="check-settings-state" className="block font-medium">
            {t("checkSettings.federalState")}
          </label>
          <select
            id="check-settings-state"
            disabled={!props.editable}
            aria-describedby={`check-settings-state-status${errors.federalState ? " check-settings-state-error" : ""}`}
            aria-invalid={errors.federalState ? true : undefined}
            className="w-full rounded border border-slate-400 bg-white px-3 py-2"
            {...form.register("federalState")}
          >
            <option value="">{t("checkSettings.noState")}</option>
            {FEDERAL_STATES.map((state) => (
              <option key={state} value={state}>
                {stateName(state)}
              </option>
            ))}
          </select>
          <p id="check-settings-state-status" className={confirmed === null ? "text-sm text-amber-800" : "text-sm text-slate-700"}>
            {status}
          </p>
          {errors.federalState ? (
            <p id="check-settings-state-error" className="text-sm text-red-700">
              {settingsError(t, errors.federalState.message)}
            </p>
          ) : null}
        </div>
        <Field
          label={t("checkSettings.companyHoursLimit")}
          hint={t("checkSettings.companyHoursHint")}
          inputMode="decimal"
          readOnly={!props.editable}
          error={settingsError(t, errors.monthlyHoursLimit?.message)}
          {...form.register("monthlyHoursLimit")}
        />
        {props.editable ? (
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {confirmed === null ? t("checkSettings.confirmAndSave") : t("checkSettings.save")}
          </Button>
        ) : (
          <p className="text-sm text-slate-700">{t("checkSettings.readOnly")}</p>
        )}
        <p role="status" className="text-sm text-green-800">
          {save.isSuccess && !form.formState.isDirty ? t("checkSettings.saved") : ""}
        </p>
        {save.isError && !form.formState.errors.federalState && !form.formState.errors.monthlyHoursLimit ? (
          <ErrorNotice error={save.error} />
        ) : null}
      </form>
    </section>
  );
}
