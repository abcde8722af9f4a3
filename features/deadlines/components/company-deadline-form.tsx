"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { placeServerErrors } from "@/features/month-close/components/settings/settings-form";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { SettingsForm } from "@/components/ui/settings-form";
import { cutOffRuleText } from "@/features/deadlines/audit-present";
import { deadlinesApi } from "@/features/deadlines/client/api";
import { LANDS, type CutOffRule, type Land } from "@/features/deadlines/deadlines";
import {
  companyDeadlineForm,
  companyDeadlineInputSchema,
  type CompanyDeadlineInput,
} from "@/features/deadlines/schemas";
import { CutOffFields, deadlineError } from "./cut-off-fields";

/** What the company page passes (features/deadlines/server/settings.ts `CompanyDeadlineView`). */
export interface CompanyDeadlineProps {
  companyId: number;
  land: Land | null;
  cutOffRule: CutOffRule | null;
  checkSettingsLand: Land | null;
  workspaceRule: CutOffRule;
  effective: {
    land: Land | null;
    landSource: "company" | "check_settings" | "none";
    cutOffRule: CutOffRule;
    cutOffSource: "company" | "workspace";
  };
  editable: boolean;
}

const FIELDS = ["land", "cutOffKind", "cutOffNumber"] as const;

/**
 * The company's deadline settings (the section `#deadlines` of /payroll/companies/<id>, where the
 * overview's "Land not set" links): the Land of its health insurer's seat when it differs from
 * the check settings', and its own cut-off; it says which Land and rule count, and why.
 */
export function CompanyDeadlineForm(props: CompanyDeadlineProps) {
  const t = useTranslations();
  const [view, setView] = useState(props);
  const form = useForm<CompanyDeadlineInput>({
    resolver: zodResolver(companyDeadlineInputSchema),
    defaultValues: companyDeadlineForm(props, props.workspaceRule),
    mode: "onTouched",
  });
  const save = useMutation({
    mutationKey: ["payroll", "companies", props.companyId, "deadline-settings"],
    mutationFn: (values: CompanyDeadlineInput) =>
      deadlinesApi.setCompanyDeadlineSettings({ companyId: props.companyId, ...values }),
    onSuccess: ({ settings }) => {
      setView({ ...settings, companyId: props.companyId, editable: props.editable });
      form.reset(companyDeadlineForm(settings, settings.workspaceRule));
    },
    onError: (error) => placeServerErrors(error, FIELDS, form.setError),
  });
  const stateName = (land: Land) => t(`monthChecks.federalStates.${land}`);
  const { effective } = view;
  const landUsed = effective.land
    ? t(`deadlines.company.landUsed.${effective.landSource === "company" ? "company" : "check_settings"}`, {
        state: stateName(effective.land),
      })
    : t("deadlines.company.landUsed.none");
  const landError = deadlineError(t, form.formState.errors.land?.message);
  const anyFieldError = Object.keys(form.formState.errors).length > 0;
  return (
    <SettingsForm
      id="deadlines"
      titleId="deadlines-title"
      title={t("deadlines.company.title")}
      intro={t("deadlines.company.intro")}
      className="max-w-xl scroll-mt-4 space-y-3"
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      editable={props.editable}
      saveLabel={t("deadlines.company.save")}
      readOnlyText={t("deadlines.company.readOnly")}
      pending={save.isPending}
      saved={save.isSuccess && !form.formState.isDirty ? t("deadlines.company.saved") : ""}
      failure={save.isError && !anyFieldError ? save.error : null}
    >
      <Field
        id="deadlines-land"
        label={t("deadlines.company.landLabel")}
        hint={landUsed}
        hintClassName={effective.land ? "text-sm text-slate-700" : "text-sm text-amber-800"}
        error={landError}
      >
        {(control) => (
          <Select
            {...control}
            disabled={!props.editable}
            className="w-full"
            placeholder={
              view.checkSettingsLand
                ? t("deadlines.company.landFollow", { state: stateName(view.checkSettingsLand) })
                : t("deadlines.company.landFollowNone")
            }
            options={LANDS.map((land) => ({ value: land, label: stateName(land) }))}
            {...form.register("land")}
          />
        )}
      </Field>
      <CutOffFields
        form={form}
        idPrefix="deadlines-cut-off"
        disabled={!props.editable}
        extraOption={{
          value: "workspace",
          label: t("deadlines.company.cutOffWorkspace", { rule: cutOffRuleText(t, view.workspaceRule) }),
        }}
      />
      <p className="text-sm text-slate-700">
        {t(`deadlines.company.cutOffUsed.${effective.cutOffSource}`, { rule: cutOffRuleText(t, effective.cutOffRule) })}
      </p>
    </SettingsForm>
  );
}
