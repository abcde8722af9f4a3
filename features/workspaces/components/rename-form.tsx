"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { workspacesApi } from "@/features/workspaces/client/api";
import { renameWorkspaceSchema, WORKSPACE_NAME_MAX } from "@/features/workspaces/schemas";

/** The text for what the shared schema found wrong with a name (its own messages are the server's, in English). */
function nameProblem(name: string): "nameRequired" | "nameTooLong" | "nameInvisible" | null {
  const parsed = renameWorkspaceSchema.safeParse({ name });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (issue?.code === "too_small") return "nameRequired";
  if (issue?.code === "too_big") return "nameTooLong";
  return "nameInvisible";
}

/** /settings/workspace, for owners: the workspace's one name, which every member sees (recorded in the audit trail). */
export function RenameForm({ workspaceId, name }: { workspaceId: string; name: string }) {
  const t = useTranslations();
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<ReturnType<typeof nameProblem>>(null);
  const [refreshing, startRefresh] = useTransition();
  const rename = useMutation({
    mutationFn: (next: string) => workspacesApi.rename({ workspaceId, name: next }),
    // The heading, the header's switcher and the dialogs show the new name.
    onSuccess: () => startRefresh(() => router.refresh()),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = nameProblem(value);
    setProblem(found);
    if (!found) rename.mutate(value.trim());
  };
  const errorText = problem
    ? t(`workspaces.${problem}`, { max: WORKSPACE_NAME_MAX })
    : rename.error
      ? errorMessage(t, rename.error)
      : null;
  const busy = rename.isPending || refreshing;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {t("workspaces.nameHeading")}
      </h2>
      <form onSubmit={submit} noValidate>
        <Field
          id={id}
          label={t("workspaces.nameLabel")}
          hint={t("workspaces.nameHint")}
          // Set off from the name and its button as the section's lines are (space-y-2).
          hintClassName="pt-1 text-sm text-slate-700"
          error={errorText}
          errorClassName="pt-1 text-sm text-red-700"
          alert
        >
          {(control) => (
            <div className="flex flex-wrap items-end gap-3">
              <input
                {...control}
                value={value}
                maxLength={WORKSPACE_NAME_MAX}
                onChange={(event) => {
                  setValue(event.target.value);
                  setProblem(null);
                  rename.reset();
                }}
                className="min-w-0 flex-1 rounded border border-slate-400 bg-white px-3 py-2 aria-invalid:border-red-600 sm:max-w-sm"
              />
              <Button type="submit" variant="secondary" disabled={busy || value.trim() === name} aria-busy={busy}>
                {t("workspaces.rename")}
              </Button>
            </div>
          )}
        </Field>
      </form>
      <p role="status" className="text-sm text-green-800">
        {rename.isSuccess && !refreshing ? t("workspaces.renamed", { name: rename.data.name }) : ""}
      </p>
    </section>
  );
}
