"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { placeServerErrors } from "@/features/month-close/components/settings/settings-form";
import { SettingsForm } from "@/components/ui/settings-form";
import { cutOffRuleText } from "@/features/deadlines/audit-present";
import { deadlinesApi } from "@/features/deadlines/client/api";
import type { CutOffRule } from "@/features/deadlines/deadlines";
import { cutOffForm, workspaceCutOffInputSchema, type WorkspaceCutOffInput } from "@/features/deadlines/schemas";
import { CutOffFields } from "./cut-off-fields";

const FIELDS = ["cutOffKind", "cutOffNumber"] as const;

/** /settings/workspace: the workspace's default cut-off for clients' data, set by an owner (recorded in the audit trail). */
export function WorkspaceCutOffForm(props: {
  workspaceId: string;
  owner: boolean;
  setting: CutOffRule | null;
  effective: CutOffRule;
}) {
  const t = useTranslations();
  const [current, setCurrent] = useState({ setting: props.setting, effective: props.effective });
  const form = useForm<WorkspaceCutOffInput>({
    resolver: zodResolver(workspaceCutOffInputSchema),
    defaultValues: cutOffForm(props.effective),
    mode: "onTouched",
  });
  const save = useMutation({
    mutationKey: ["workspaces", props.workspaceId, "cut-off"],
    mutationFn: (values: WorkspaceCutOffInput) =>
      deadlinesApi.setWorkspaceCutOff({ workspaceId: props.workspaceId, ...values }),
    onSuccess: (saved) => {
      setCurrent(saved);
      form.reset(cutOffForm(saved.effective));
    },
    onError: (error) => placeServerErrors(error, FIELDS, form.setError),
  });
  const fieldErrors = form.formState.errors.cutOffKind ?? form.formState.errors.cutOffNumber;
  return (
    <SettingsForm
      titleId="cut-off-title"
      title={t("deadlines.workspace.title")}
      intro={t("deadlines.workspace.intro")}
      before={
        <p>
          {t("deadlines.workspace.inForce", { rule: cutOffRuleText(t, current.effective) })}{" "}
          {current.setting === null ? t("deadlines.workspace.isDefault") : ""}
        </p>
      }
      formClassName="max-w-xl space-y-4"
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      editable={props.owner}
      saveLabel={t("deadlines.workspace.save")}
      readOnlyText={t("deadlines.workspace.ownerOnly")}
      pending={save.isPending}
      saved={save.isSuccess && !form.formState.isDirty ? t("deadlines.workspace.saved") : ""}
      failure={save.isError && !fieldErrors ? save.error : null}
    >
      <CutOffFields form={form} idPrefix="workspace-cut-off" disabled={!props.owner} />
    </SettingsForm>
  );
}
