"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useForm, type FieldErrors } from "react-hook-form";
import type { z } from "zod";
import { SettingsForm } from "@/components/ui/settings-form";
import { placeServerErrors } from "@/features/month-close/components/settings/settings-form";
import { datevApi } from "../client/api";
import { wageTypeRows, workspaceWageTypesInputSchema } from "../settings/schemas";
import type { WageTypeMapping } from "../settings/wage-types";
import { WAGE_TYPE_PATHS, WageTypesTable } from "./wage-types-table";

type WorkspaceWageTypesInput = z.input<typeof workspaceWageTypesInputSchema>;

/**
 * /settings/workspace: the firm's default wage types for DATEV, kept by owners (audited); a
 * company's `Wage types` table starts from them for every type it has no wage type number of its
 * own for (features/datev/settings/stored.ts `effectiveWageTypes`). The same schema as the route's.
 */
export function WorkspaceWageTypesForm(props: {
  workspaceId: string;
  owner: boolean;
  wageTypes: Record<string, WageTypeMapping>;
}) {
  const t = useTranslations();
  const form = useForm<WorkspaceWageTypesInput>({
    resolver: zodResolver(workspaceWageTypesInputSchema, undefined, { raw: true }) as never,
    defaultValues: { wageTypes: wageTypeRows(props.wageTypes) },
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationKey: ["workspaces", props.workspaceId, "datev-wage-types"],
    mutationFn: (values: WorkspaceWageTypesInput) =>
      datevApi.setWorkspaceWageTypes({ workspaceId: props.workspaceId, ...values }),
    onSuccess: ({ wageTypes }) => form.reset({ wageTypes: wageTypeRows(wageTypes) }),
    onError: (error) => placeServerErrors(error, WAGE_TYPE_PATHS, form.setError),
  });
  return (
    <SettingsForm
      titleId="datev-defaults-title"
      title={t("datev.defaults.title")}
      intro={t("datev.defaults.intro")}
      className="max-w-3xl space-y-3"
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      editable={props.owner}
      saveLabel={t("datev.defaults.save")}
      readOnlyText={t("datev.defaults.ownerOnly")}
      pending={save.isPending}
      saved={save.isSuccess && !form.formState.isDirty ? t("datev.saved") : ""}
      failure={save.isError && !errors.wageTypes ? save.error : null}
    >
      <WageTypesTable
        register={(name) => form.register(name)}
        errors={errors.wageTypes as FieldErrors<WorkspaceWageTypesInput["wageTypes"][number]>[] | undefined}
        disabled={!props.owner}
        caption={t("datev.defaults.caption")}
      />
    </SettingsForm>
  );
}
