"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { workspacesApi } from "@/features/workspaces/client/api";
import { workspaceKeys } from "@/features/workspaces/query-keys";
import { FIRM_ROLES } from "@/features/workspaces/permissions";
import type { MemberView, NamedClientCompany, WorkspaceRoleName } from "@/features/workspaces/schemas";
import { MemberCompaniesForm } from "@/features/workspaces/components/clients/member-companies-form";
import { ConfirmDialog } from "./confirm-dialog";
import { membersQuery } from "./members-query";
import { RoleCheckboxes, sameRoles } from "./role-checkboxes";
import type { WorkspaceRef } from "./workspace-ref";

/**
 * The workspace's members with their roles (a client with their companies); owners change roles
 * (a client's companies) and remove members, anyone may leave.
 */
export function MembersSection({
  workspace,
  me,
  initialMembers,
  companyChoices,
}: {
  workspace: WorkspaceRef;
  me: string;
  initialMembers: MemberView[];
  companyChoices: NamedClientCompany[];
}) {
  const t = useTranslations();
  const headingId = useId();
  const members = useQuery({ ...membersQuery(workspace.id), initialData: initialMembers });
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {t("workspaces.membersHeading")}
      </h2>
      {workspace.owner ? null : <p className="text-sm text-slate-700">{t("workspaces.ownerOnly")}</p>}
      {members.isError ? <Notice tone="error">{errorMessage(t, members.error)}</Notice> : null}
      <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
        {members.data.map((member) => (
          <MemberRow
            key={member.userId}
            workspace={workspace}
            member={member}
            isMe={member.userId === me}
            choices={companyChoices}
          />
        ))}
      </ul>
    </section>
  );
}

function MemberRow({
  workspace,
  member,
  isMe,
  choices,
}: {
  workspace: WorkspaceRef;
  member: MemberView;
  isMe: boolean;
  choices: NamedClientCompany[];
}) {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const errorId = useId();
  const [roles, setRoles] = useState<WorkspaceRoleName[]>(member.roles);
  const [confirming, setConfirming] = useState(false);
  const target = { workspaceId: workspace.id, userId: member.userId };
  const save = useMutation({
    mutationFn: async (next: WorkspaceRoleName[]) =>
      (await workspacesApi.changeRoles({ ...target, roles: next })).members,
    onSuccess: (members) => {
      queryClient.setQueryData(workspaceKeys.members(workspace.id), members);
      // An owner who gave up `owner` sees the page as a member now.
      if (isMe) router.refresh();
    },
    // Refused (e.g. the last owner): the boxes show what is stored again, beside the reason.
    onError: () => setRoles(member.roles),
  });
  const remove = useMutation({
    mutationFn: () => workspacesApi.removeMember(target),
    onSuccess: async () => {
      setConfirming(false);
      if (isMe) {
        // Left: the person now works in another workspace.
        queryClient.clear();
        router.refresh();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspace.id) });
    },
    onError: () => setConfirming(false),
  });
  const failure = save.error ?? remove.error;
  const changed = !sameRoles(roles, member.roles);
  // A client stays a client (a firm's member is not made one): their companies are what changes.
  const client = member.roles.includes("client");
  return (
    <li className="space-y-2 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="font-medium">{member.name}</span>
          {isMe ? <span className="text-slate-600"> ({t("workspaces.you")})</span> : null}
          {member.email && member.email !== member.name ? (
            <span className="block text-sm text-slate-600">{member.email}</span>
          ) : null}
        </p>
        {workspace.owner || isMe ? (
          <Button
            variant="danger"
            size="sm"
            aria-label={isMe ? t("workspaces.leave") : t("workspaces.removeLabel", { name: member.name })}
            onClick={() => setConfirming(true)}
          >
            {isMe ? t("workspaces.leave") : t("workspaces.remove")}
          </Button>
        ) : null}
      </div>
      {client ? (
        <>
          <p className="text-sm text-slate-700">
            {t("workspaces.roles.client")}: {member.companies.map((company) => company.name).join(", ")}
          </p>
          {workspace.owner ? (
            <MemberCompaniesForm workspaceId={workspace.id} member={member} choices={choices} />
          ) : null}
        </>
      ) : workspace.owner ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (changed && roles.length > 0) save.mutate(roles);
          }}
        >
          <RoleCheckboxes
            legend={t("workspaces.rolesOf", { name: member.name })}
            value={roles}
            onChange={setRoles}
            disabled={save.isPending}
            describedBy={failure ? errorId : undefined}
            choices={FIRM_ROLES}
          />
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            disabled={!changed || roles.length === 0 || save.isPending}
            aria-busy={save.isPending}
          >
            {t("workspaces.saveRoles")}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-slate-700">{member.roles.map((role) => t(`workspaces.roles.${role}`)).join(", ")}</p>
      )}
      {failure ? (
        <Notice tone="error" id={errorId}>
          {errorMessage(t, failure)}
        </Notice>
      ) : null}
      {save.isSuccess && !changed ? (
        <p role="status" className="text-sm text-green-800">
          {t("workspaces.rolesSaved")}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={
          isMe
            ? t("workspaces.leaveTitle", { workspace: workspace.name })
            : t("workspaces.removeTitle", { name: member.name })
        }
        text={
          isMe
            ? t("workspaces.leaveText")
            : t("workspaces.removeText", { name: member.name, workspace: workspace.name })
        }
        confirmLabel={isMe ? t("workspaces.leaveConfirm") : t("workspaces.removeConfirm")}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}
