"use client";

import type { InvitationView, MemberView } from "@/lib/workspaces/schemas";
import { InvitationsSection } from "./invitations-section";
import { MembersSection } from "./members-section";
import { RenameForm } from "./rename-form";
import type { WorkspaceRef } from "./workspace-ref";

/** /settings/workspace: the members, and for owners the invitations. */
export function WorkspaceSettings({
  workspace,
  me,
  initialMembers,
  initialInvitations,
  canEmail,
}: {
  workspace: WorkspaceRef;
  me: string;
  initialMembers: MemberView[];
  initialInvitations: InvitationView[];
  canEmail: boolean;
}) {
  return (
    <>
      {workspace.owner ? <RenameForm workspaceId={workspace.id} name={workspace.name} /> : null}
      <MembersSection workspace={workspace} me={me} initialMembers={initialMembers} />
      {workspace.owner ? <InvitationsSection workspace={workspace} initialInvitations={initialInvitations} canEmail={canEmail} /> : null}
    </>
  );
}
