"use client";

import type { InvitationView, MemberView, NamedClientCompany } from "@/features/workspaces/schemas";
import { FormerMembersSection } from "./former-members-section";
import { InvitationsSection } from "./invitations-section";
import { MembersSection } from "./members-section";
import { RenameForm } from "./rename-form";
import type { WorkspaceRef } from "./workspace-ref";

/** /settings/workspace: the members, and for owners the invitations and former members. */
export function WorkspaceSettings({
  workspace,
  me,
  initialMembers,
  initialInvitations,
  canEmail,
  companyChoices,
}: {
  workspace: WorkspaceRef;
  me: string;
  initialMembers: MemberView[];
  initialInvitations: InvitationView[];
  canEmail: boolean;
  /** The workspace's payroll companies, for a client's (owners only; else empty). */
  companyChoices: NamedClientCompany[];
}) {
  return (
    <>
      {workspace.owner ? <RenameForm workspaceId={workspace.id} name={workspace.name} /> : null}
      <MembersSection workspace={workspace} me={me} initialMembers={initialMembers} companyChoices={companyChoices} />
      {workspace.owner ? (
        <InvitationsSection
          workspace={workspace}
          initialInvitations={initialInvitations}
          canEmail={canEmail}
          companyChoices={companyChoices}
        />
      ) : null}
      {workspace.owner ? <FormerMembersSection workspace={workspace} /> : null}
    </>
  );
}
