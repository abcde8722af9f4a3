"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { placeServerErrors } from "@/features/month-close/components/settings/settings-form";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { cutOffRuleText } from "@/features/deadlines/audit-present";
import { deadlinesApi } from "@/features/deadlines/client/api";
import { LANDS, type CutOffRule, type Land } from "@/features/deadlines/deadlines";
import { companyDeadlineForm, companyDeadlineInputSchema, type CompanyDeadlineInput } from "@/features/deadlines/schemas";
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
    mutationFn: (values: CompanyDeadlineInput) => deadlinesApi.setCompanyDeadlineSettings({ companyId: props.companyId, ...values }),
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
    <section id="deadlines" aria-labelledby="deadlines-title" className="max-w-xl scroll-mt-4 space-y-3">
      <h2 id="deadlines-title" className="text-xl font-semibold">
        {t("deadlines.company.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("deadlines.company.intro")}</p>
      <form
        onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
        noValidate
        className="space-y-4"
        aria-labelledby="deadlines-title"
      >
        <div className="space-y-1">
          <label htmlFor="deadlines-land" className="block font-medium">
            {t("deadlines.company.landLabel")}
          </label>
          <select
            id="deadlines-land"
            disabled={!props.editable}
            aria-describedby={`deadlines-land-used${landError ? " deadlines-land-error" : ""}`}
            aria-invalid={landError ? true : undefined}
            className="w-full rounded border border-slate-400 bg-white px-3 py-2"
            {...form.register("land")}
          >
            <option value="">
              {view.checkSettingsLand
                ? t("deadlines.company.landFollow", { state: stateName(view.checkSettingsLand) })
                : t("deadlines.company.landFollowNone")}
            </option>
            {LANDS.map((land) => (
              <option key={land} value={land}>
                {stateName(land)}
              </option>
            ))}
          </select>
          <p id="deadlines-land-used" className={effective.land ? "text-sm text-slate-700" : "text-sm text-amber-800"}>
            {landUsed}
          </p>
          {landError ? (
            <p id="deadlines-land-error" className="text-sm text-red-700">
              {landError}
            </p>
          ) : null}
        </div>
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
        {props.editable ? (
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {t("deadlines.company.save")}
          </Button>
        ) : (
          <p className="text-sm text-slate-700">{t("deadlines.company.readOnly")}</p>
        )}
        <p role="status" className="text-sm text-green-800">
          {save.isSuccess && !form.formState.isDirty ? t("deadlines.company.saved") : ""}
        </p>
        {save.isError && !anyFieldError ? <ErrorNotice error={save.error} /> : null}
      </form>
    </section>
  );
}
