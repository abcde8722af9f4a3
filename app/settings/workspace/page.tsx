import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { WorkspaceSettings } from "@/features/workspaces/components/workspace-settings";
import { FourEyesControl } from "@/features/month-close/components/four-eyes-control";
import { ReminderSettings } from "@/features/reminders/components/reminder-settings";
import { reminderDays } from "@/features/reminders/server/settings";
import { WorkspaceCutOffForm } from "@/features/deadlines/components/workspace-cut-off-form";
import { workspaceCutOffView } from "@/features/deadlines/server/settings";
import { fourEyesSetting } from "@/features/month-close/server/four-eyes";
import { PasskeyRequirementControl } from "@/features/passkeys/components/passkey-requirement-control";
import { passkeyRequired } from "@/features/passkeys/server/requirement";
import { getSessionUser } from "@/lib/auth/server/session";
import { notForClients } from "@/features/workspaces/server/client-guard";
import { canSendMail } from "@/features/workspaces/server/mail";
import { listInvitations } from "@/features/workspaces/server/invitations";
import { companyChoices } from "@/features/workspaces/server/client-companies";
import { listMembers } from "@/features/workspaces/server/members";
import { WebhooksSection } from "@/features/webhooks/components/webhooks-section";
import { listEndpoints } from "@/features/webhooks/server/endpoints";
import { webhookEventTypes } from "@/features/webhooks/event-types";
import { WorkspaceWageTypesForm } from "@/features/datev/components/workspace-wage-types-form";
import { workspaceWageTypes } from "@/features/datev/server/settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("workspaces.title") };
}

export default async function WorkspaceSettingsPage() {
  const t = await getTranslations();
  const user = await getSessionUser();
  notForClients(user);
  if (!user?.workspace) return <SignedOutNotice heading={t("workspaces.title")} />;
  const { workspace } = user;
  const owner = workspace.roles.includes("owner");
  const [members, invitations, fourEyes, cutOff, reminders, endpoints, requirePasskey, companies, wageTypes] =
    await Promise.all([
      listMembers(user.id, workspace.id),
      owner ? listInvitations(user.id, workspace.id) : Promise.resolve([]),
      fourEyesSetting(workspace.id),
      workspaceCutOffView(workspace.id),
      reminderDays(workspace.id),
      owner ? listEndpoints(user.id, workspace.id) : Promise.resolve([]),
      passkeyRequired(workspace.id),
      owner ? companyChoices(user.id, workspace.id) : Promise.resolve([]),
      workspaceWageTypes(workspace.id),
    ]);
  const { name } = workspace;
  return (
    <section className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">
        {t("workspaces.title")}: {name}
      </h1>
      <p className="text-slate-700">{t("workspaces.intro", { workspace: name })}</p>
      <WorkspaceSettings
        workspace={{ id: workspace.id, name, owner }}
        me={user.id}
        initialMembers={members}
        initialInvitations={invitations}
        canEmail={canSendMail()}
        companyChoices={companies}
      />
      <FourEyesControl workspaceId={workspace.id} owner={owner} initial={fourEyes} />
      <WorkspaceCutOffForm workspaceId={workspace.id} owner={owner} {...cutOff} />
      <ReminderSettings workspaceId={workspace.id} owner={owner} initial={reminders.days} />
      {owner ? (
        <WebhooksSection workspaceId={workspace.id} initialEndpoints={endpoints} eventTypes={webhookEventTypes()} />
      ) : null}
      <PasskeyRequirementControl workspaceId={workspace.id} owner={owner} initial={requirePasskey} />
      <WorkspaceWageTypesForm workspaceId={workspace.id} owner={owner} wageTypes={wageTypes} />
    </section>
  );
}
