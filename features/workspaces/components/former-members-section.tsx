"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { workspacesApi } from "@/features/workspaces/client/api";
import { workspaceKeys } from "@/features/workspaces/query-keys";
import type { FormerMemberView } from "@/features/workspaces/schemas";
import { ConfirmDialog } from "./confirm-dialog";
import type { WorkspaceRef } from "./workspace-ref";

/**
 * For owners: the people the audit trail names who are members no more, and erasing one's name
 * (docs/erasure.md "Staff"). The dialog says what is destroyed before anything is.
 */
export function FormerMembersSection({ workspace }: { workspace: WorkspaceRef }) {
  const t = useTranslations();
  const headingId = useId();
  const former = useQuery({
    queryKey: workspaceKeys.formerMembers(workspace.id),
    queryFn: async () => (await workspacesApi.listFormerMembers({ workspaceId: workspace.id })).formerMembers,
  });
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {t("workspaces.formerMembers.heading")}
      </h2>
      <p className="text-sm text-slate-700">{t("workspaces.formerMembers.intro")}</p>
      {former.isError ? <Notice tone="error">{errorMessage(t, former.error)}</Notice> : null}
      {former.data && former.data.length === 0 ? (
        <p className="text-sm text-slate-700">{t("workspaces.formerMembers.none")}</p>
      ) : null}
      {former.data && former.data.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
          {former.data.map((person) => (
            <FormerMemberRow key={person.userId} workspace={workspace} person={person} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function FormerMemberRow({ workspace, person }: { workspace: WorkspaceRef; person: FormerMemberView }) {
  const t = useTranslations();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const erase = useMutation({
    mutationFn: () => workspacesApi.eraseFormerMember({ workspaceId: workspace.id, userId: person.userId }),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.formerMembers(workspace.id) });
    },
    onError: () => setConfirming(false),
  });
  return (
    <li className="space-y-2 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">{person.name}</p>
        {person.erasable ? (
          <Button
            variant="danger"
            size="sm"
            aria-label={t("workspaces.formerMembers.eraseLabel", { name: person.name })}
            onClick={() => setConfirming(true)}
          >
            {t("workspaces.formerMembers.erase")}
          </Button>
        ) : (
          <span className="text-sm text-slate-700">{t("workspaces.formerMembers.shared")}</span>
        )}
      </div>
      {erase.error ? <Notice tone="error">{errorMessage(t, erase.error)}</Notice> : null}
      <ConfirmDialog
        open={confirming}
        title={t("workspaces.formerMembers.confirmTitle", { name: person.name })}
        text={t("workspaces.formerMembers.confirmText", { name: person.name })}
        confirmLabel={t("workspaces.formerMembers.confirm")}
        pending={erase.isPending}
        onConfirm={() => erase.mutate()}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}
