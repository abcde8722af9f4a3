"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocale, useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { SettingsForm } from "@/components/ui/settings-form";
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
    mutationFn: (values: CompanySettingsInput) =>
      monthCloseApi.setCompanySettings({ companyId: props.companyId, ...values }),
    onSuccess: ({ settings }) => {
      setConfirmed(settings.federalState);
      form.reset({
        federalState: settings.federalState ?? "",
        monthlyHoursLimit: numberText(locale, settings.monthlyHoursLimit),
      });
    },
    onError: (error) => placeServerErrors(error, FIELDS, form.setError),
  });
  const stateName = (state: FederalState) => t(`monthChecks.federalStates.${state}`);
  const status =
    confirmed !== null
      ? t("checkSettings.stateConfirmed", { state: stateName(confirmed) })
      : props.proposedFederalState
        ? t("checkSettings.stateProposed", {
            state: stateName(props.proposedFederalState),
            postalCode: props.postalCode,
          })
        : t("checkSettings.stateNoProposal", { postalCode: props.postalCode });

  return (
    <SettingsForm
      titleId="check-settings-title"
      title={t("checkSettings.title")}
      intro={t("checkSettings.intro")}
      className="max-w-xl space-y-3"
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      editable={props.editable}
      saveLabel={confirmed === null ? t("checkSettings.confirmAndSave") : t("checkSettings.save")}
      readOnlyText={t("checkSettings.readOnly")}
      pending={save.isPending}
      saved={save.isSuccess && !form.formState.isDirty ? t("checkSettings.saved") : ""}
      failure={save.isError && !errors.federalState && !errors.monthlyHoursLimit ? save.error : null}
    >
      <Field
        id="check-settings-state"
        label={t("checkSettings.federalState")}
        hint={status}
        hintClassName={confirmed === null ? "text-sm text-amber-800" : "text-sm text-slate-700"}
        error={settingsError(t, errors.federalState?.message)}
      >
        {(control) => (
          <Select
            {...control}
            disabled={!props.editable}
            className="w-full"
            placeholder={t("checkSettings.noState")}
            options={FEDERAL_STATES.map((state) => ({ value: state, label: stateName(state) }))}
            {...form.register("federalState")}
          />
        )}
      </Field>
      <Field
        label={t("checkSettings.companyHoursLimit")}
        hint={t("checkSettings.companyHoursHint")}
        inputMode="decimal"
        readOnly={!props.editable}
        error={settingsError(t, errors.monthlyHoursLimit?.message)}
        {...form.register("monthlyHoursLimit")}
      />
    </SettingsForm>
  );
}
