import { memberText, str, list, type KindPresenters } from "@/lib/audit/present";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { keyUnder, type Translate } from "@/lib/i18n/translate";

/** How the trail reads what the workspace records (features/workspaces/server/audit.ts): members, invitations, its name. */

type WorkspaceKind =
  | "member.joined"
  | "member.roles_changed"
  | "member.removed"
  | "member.left"
  | "member.erased"
  | "member.companies_changed"
  | "invitation.created"
  | "invitation.revoked"
  | "invitation.emailed"
  | "workspace.renamed";

/** The invitation's expiry: to the minute, with its zone. */
function formatUntil(locale: Locale, at: Date): string {
  return formatDate(locale, at, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/Berlin",
    timeZoneName: "short",
  }).replace(", ", " ");
}

/** A client's companies as the entry names them (features/workspaces/server/client-companies.ts). */
function companiesText(companies: unknown): string {
  return list(companies)
    .map((company) => str((company as { name?: unknown } | null)?.name))
    .filter(Boolean)
    .join(", ");
}

function rolesText(t: Translate, roles: unknown): string {
  return list(roles)
    .map((role) => {
      const key = keyUnder(t, "workspaces.roles", String(role));
      return key ? t(key) : String(role);
    })
    .join(", ");
}

export const WORKSPACE_AUDIT_PRESENTERS: KindPresenters<WorkspaceKind> = {
  "member.joined": {
    summary: ({ t }, entry) =>
      t("audit.summary.member_joined", { member: memberText(t, entry), roles: rolesText(t, entry.details.roles) }),
  },
  "member.roles_changed": {
    summary: ({ t }, entry) => t("audit.summary.member_roles_changed", { member: memberText(t, entry) }),
    changes: ({ t }, entry) => [
      {
        where: memberText(t, entry),
        field: t("audit.rolesField"),
        old: rolesText(t, entry.details.from),
        new: rolesText(t, entry.details.to),
      },
    ],
  },
  "member.removed": {
    summary: ({ t }, entry) =>
      t("audit.summary.member_removed", {
        member: memberText(t, entry),
        roles: rolesText(t, entry.details.roles),
        roleCount: list(entry.details.roles).length,
      }),
  },
  "member.companies_changed": {
    summary: ({ t }, entry) => t("audit.summary.member_companies_changed", { member: memberText(t, entry) }),
    changes: ({ t }, { details: d, ...entry }) => [
      {
        where: memberText(t, { ...entry, details: d }),
        field: t("audit.companiesField"),
        old: companiesText(d.from),
        new: companiesText(d.to),
      },
    ],
  },
  "member.left": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.member_left", { roles: rolesText(t, d.roles), roleCount: list(d.roles).length }),
  },
  "member.erased": {
    summary: ({ t }) => t("audit.summary.member_erased"),
  },
  "invitation.created": {
    summary: ({ locale, t }, { details: d }) =>
      t("audit.summary.invitation_created", {
        roles: rolesText(t, d.roles),
        expires: d.expiresAt ? formatUntil(locale, new Date(str(d.expiresAt))) : "—",
      }),
  },
  "invitation.revoked": {
    summary: ({ t }, { details: d }) => t("audit.summary.invitation_revoked", { roles: rolesText(t, d.roles) }),
  },
  "invitation.emailed": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.invitation_emailed", { roles: rolesText(t, d.roles), to: str(d.to) }),
  },
  "workspace.renamed": {
    summary: ({ t }, { details: d }) => t("audit.summary.workspace_renamed", { from: str(d.from), to: str(d.to) }),
    changes: ({ t }, { details: d }) => [
      { where: t("audit.workspaceWhere"), field: t("audit.nameField"), old: str(d.from), new: str(d.to) },
    ],
  },
};
