"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { workspacesApi } from "@/features/workspaces/client/api";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { workspaceKeys } from "@/features/workspaces/query-keys";
import { ApiRequestError } from "@/lib/http/client/browser-fetch";
import {
  inviteeSchema,
  type ClientCompany,
  type InvitationView,
  type Invitee,
  type NamedClientCompany,
  type WorkspaceRoleName,
} from "@/features/workspaces/schemas";
import { CompanyCheckboxes } from "@/features/workspaces/components/clients/company-checkboxes";
import { ConfirmDialog } from "./confirm-dialog";
import { CreatedLink } from "./created-link";
import { RoleCheckboxes } from "./role-checkboxes";
import type { WorkspaceRef } from "./workspace-ref";

/**
 * For owners: a new invitation link for chosen roles (a client's with their companies), and every
 * invitation with its state and who used it.
 */
export function InvitationsSection({
  workspace,
  initialInvitations,
  canEmail,
  companyChoices,
}: {
  workspace: WorkspaceRef;
  initialInvitations: InvitationView[];
  canEmail: boolean;
  companyChoices: NamedClientCompany[];
}) {
  const t = useTranslations();
  const queryClient = useQueryClient();
  const headingId = useId();
  const errorId = useId();
  const companiesId = useId();
  const [roles, setRoles] = useState<WorkspaceRoleName[]>(["clerk"]);
  const [companies, setCompanies] = useState<ClientCompany[]>([]);
  const [tried, setTried] = useState(false);
  // Optional: the person the link is for (only they can use it).
  const [inviteeEmail, setInviteeEmail] = useState("");
  const [inviteeName, setInviteeName] = useState("");
  const invitations = useQuery({
    queryKey: workspaceKeys.invitations(workspace.id),
    queryFn: async () => (await workspacesApi.listInvitations({ workspaceId: workspace.id })).invitations,
    initialData: initialInvitations,
  });
  const create = useMutation({
    mutationFn: ({ roles: chosen, invitee }: { roles: WorkspaceRoleName[]; invitee?: Invitee }) =>
      workspacesApi.createInvitation({
        workspaceId: workspace.id,
        roles: chosen,
        invitee,
        ...(chosen.includes("client") ? { companies } : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.invitations(workspace.id) }),
  });
  const noRole = tried && roles.length === 0;
  const invitee = inviteeEmail.trim()
    ? inviteeSchema.safeParse({ email: inviteeEmail.trim(), name: inviteeName.trim() || undefined })
    : null;
  const badEmail = tried && invitee !== null && !invitee.success;
  const client = roles.includes("client");
  const noCompany = tried && client && companies.length === 0;
  const companiesRefused = create.error instanceof ApiRequestError ? create.error.body.fields?.companies : undefined;
  const companiesError = noCompany
    ? t("clients.companiesRequired")
    : companiesRefused
      ? t("clients.companiesNotInWorkspace")
      : undefined;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {t("workspaces.invitationsHeading")}
      </h2>
      <form
        noValidate
        className="space-y-3 rounded border border-slate-200 bg-white p-3"
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          const companiesChosen = !roles.includes("client") || companies.length > 0;
          if (roles.length > 0 && companiesChosen && (invitee === null || invitee.success))
            create.mutate({ roles, invitee: invitee?.data });
        }}
      >
        <RoleCheckboxes
          legend={t("workspaces.invitationRoles")}
          value={roles}
          onChange={setRoles}
          describedBy={noRole || create.isError ? errorId : undefined}
        />
        {noRole ? (
          <p id={errorId} className="text-sm text-red-700">
            {t("workspaces.chooseRole")}
          </p>
        ) : null}
        {client ? (
          <CompanyCheckboxes
            id={companiesId}
            choices={companyChoices}
            value={companies}
            onChange={setCompanies}
            error={companiesError}
          />
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t("workspaces.inviteeEmail")}
            type="email"
            autoComplete="off"
            maxLength={320}
            value={inviteeEmail}
            onChange={(event) => setInviteeEmail(event.target.value)}
            hint={t("workspaces.inviteeEmailHint")}
            error={badEmail ? t("workspaces.inviteeEmailInvalid") : undefined}
          />
          <Field
            label={t("workspaces.inviteeName")}
            autoComplete="off"
            maxLength={200}
            value={inviteeName}
            onChange={(event) => setInviteeName(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {t("workspaces.createInvitation")}
        </Button>
        {create.isError ? (
          <Notice tone="error" id={noRole ? undefined : errorId}>
            {errorMessage(t, create.error)}
          </Notice>
        ) : null}
      </form>
      {create.data ? (
        <CreatedLink key={create.data.token} workspaceId={workspace.id} created={create.data} canEmail={canEmail} />
      ) : null}
      {invitations.isError ? <Notice tone="error">{errorMessage(t, invitations.error)}</Notice> : null}
      {invitations.data.length === 0 ? (
        <p className="text-slate-700">{t("workspaces.noInvitations")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
          {invitations.data.map((invitation) => (
            <InvitationRow key={invitation.id} workspaceId={workspace.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InvitationRow({ workspaceId, invitation }: { workspaceId: string; invitation: InvitationView }) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const date = (iso: string) => formatDate(locale, new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const revoke = useMutation({
    mutationFn: async () =>
      (await workspacesApi.revokeInvitation({ workspaceId, invitationId: invitation.id })).invitations,
    onSuccess: (invitations) => {
      setConfirming(false);
      queryClient.setQueryData(workspaceKeys.invitations(workspaceId), invitations);
    },
    onError: () => setConfirming(false),
  });
  const invitee = invitation.invitee;
  const rows: [string, string][] = [
    [
      t("workspaces.colFor"),
      invitee ? (invitee.name ? `${invitee.name} (${invitee.email})` : invitee.email) : t("workspaces.forAnyone"),
    ],
    [t("workspaces.colRoles"), invitation.roles.map((role) => t(`workspaces.roles.${role}`)).join(", ")],
    [
      t("workspaces.colCreated"),
      invitation.createdBy ? `${date(invitation.createdAt)} · ${invitation.createdBy}` : date(invitation.createdAt),
    ],
    [t("workspaces.colValidUntil"), date(invitation.expiresAt)],
  ];
  if (invitation.companies.length)
    rows.splice(2, 0, [t("clients.companiesLabel"), invitation.companies.map((company) => company.name).join(", ")]);
  if (invitation.usedBy && invitation.usedAt)
    rows.push([
      t("workspaces.colUsedBy"),
      t("workspaces.usedBy", { name: invitation.usedBy, date: date(invitation.usedAt) }),
    ]);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3">
      <div className="space-y-1">
        <p className="font-medium">
          {t("workspaces.colState")}: {t(`workspaces.states.${invitation.state}`)}
        </p>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {revoke.isError ? <Notice tone="error">{errorMessage(t, revoke.error)}</Notice> : null}
      </div>
      {invitation.state === "open" ? (
        <Button
          variant="danger"
          size="sm"
          aria-label={t("workspaces.revokeLabel", { date: date(invitation.createdAt) })}
          onClick={() => setConfirming(true)}
        >
          {t("workspaces.revoke")}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t("workspaces.revokeTitle")}
        text={t("workspaces.revokeText")}
        confirmLabel={t("workspaces.revokeConfirm")}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}
