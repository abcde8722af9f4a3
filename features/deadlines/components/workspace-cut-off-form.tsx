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
import type { CutOffRule } from "@/features/deadlines/deadlines";
import { cutOffForm, workspaceCutOffInputSchema, type WorkspaceCutOffInput } from "@/features/deadlines/schemas";
import { CutOffFields } from "./cut-off-fields";

const FIELDS = ["cutOffKind", "cutOffNumber"] as const;

/** /settings/workspace: the workspace's default cut-off for clients' data, set by an owner (recorded in the audit trail). */
export function WorkspaceCutOffForm(props: { workspaceId: string; owner: boolean; setting: CutOffRule | null; effective: CutOffRule }) {
  const t = useTranslations();
  const [current, setCurrent] = useState({ setting: props.setting, effective: props.effective });
  const form = useForm<WorkspaceCutOffInput>({
    resolver: zodResolver(workspaceCutOffInputSchema),
    defaultValues: cutOffForm(props.effective),
    mode: "onTouched",
  });
  const save = useMutation({
    mutationKey: ["workspaces", props.workspaceId, "cut-off"],
    mutationFn: (values: WorkspaceCutOffInput) => deadlinesApi.setWorkspaceCutOff({ workspaceId: props.workspaceId, ...values }),
    onSuccess: (saved) => {
      setCurrent(saved);
      form.reset(cutOffForm(saved.effective));
    },
    onError: (error) => placeServerErrors(error, FIELDS, form.setError),
  });
  const fieldErrors = form.formState.errors.cutOffKind ?? form.formState.errors.cutOffNumber;
  return (
    <section aria-labelledby="cut-off-title" className="space-y-3">
      <h2 id="cut-off-title" className="text-xl font-semibold">
        {t("deadlines.workspace.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("deadlines.workspace.intro")}</p>
      <p>
        {t("deadlines.workspace.inForce", { rule: cutOffRuleText(t, current.effective) })}{" "}
        {current.setting === null ? t("deadlines.workspace.isDefault") : ""}
      </p>
      <form
        onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
        noValidate
        className="max-w-xl space-y-4"
        aria-labelledby="cut-off-title"
      >
        <CutOffFields form={form} idPrefix="workspace-cut-off" disabled={!props.owner} />
        {props.owner ? (
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {t("deadlines.workspace.save")}
          </Button>
        ) : (
          <p className="text-sm text-slate-700">{t("deadlines.workspace.ownerOnly")}</p>
        )}
        <p role="status" className="text-sm text-green-800">
          {save.isSuccess && !form.formState.isDirty ? t("deadlines.workspace.saved") : ""}
        </p>
        {save.isError && !fieldErrors ? <ErrorNotice error={save.error} /> : null}
      </form>
    </section>
  );
}
