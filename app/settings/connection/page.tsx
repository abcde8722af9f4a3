import type { Metadata } from "next";
import { SignInButton } from "@/features/sign-in/components/sign-in-button";
import { DisconnectButton } from "@/features/accounting/components/disconnect-button";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { LegacyConnectionSection } from "@/features/accounting/components/legacy-connection-section";
import { connectionSummary, legacyConnectionSummary } from "@/features/accounting/connection/server/summary";
import { parseScope } from "@/features/accounting/schemas";
import { rememberedCountry } from "@/features/sign-in/server/country-cookie";
import { getSessionUser } from "@/lib/auth/server/session";
import { notForClients } from "@/features/workspaces/server/client-guard";
import { formatDate } from "@/lib/i18n/format";
import { getLocale, getTranslations } from "next-intl/server";
import type { MessageKey } from "@/lib/i18n/translate";
import { Notice } from "@/components/ui/notice";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("connection.title") };
}

const STATUS_TEXT: Record<string, MessageKey> = {
  active: "connection.statusActive",
  reauth_required: "connection.statusReauth",
  revoke_pending: "connection.statusRevokePending",
};

export default async function ConnectionPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { disconnected, moved } = await searchParams;
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const user = await getSessionUser();
  notForClients(user);
  if (!user) return <SignedOutNotice heading={t("connection.title")} />;
  const [summary, legacy] = await Promise.all([connectionSummary(user.id), legacyConnectionSummary(user.id)]);
  const when = (date: Date | null | undefined) =>
    date ? formatDate(locale, date, { dateStyle: "medium", timeStyle: "medium" }) : t("connection.never");
  const scope = parseScope(summary?.scopes);
  const rows: [string, string][] = summary
    ? [
        [t("connection.status"), t(STATUS_TEXT[summary.status] ?? "connection.statusNone")],
        [t("legacy.flow"), t("legacy.flowV31")],
        [
          t("connection.scopes"),
          scope === "readonly"
            ? t("connection.scopeReadonly")
            : scope === "full_access"
              ? t("connection.scopeFull")
              : summary.scopes,
        ],
        [t("connection.country"), summary.country ?? ""],
        [t("connection.accessExpires"), when(summary.accessTokenExpiresAt)],
        [t("connection.refreshExpires"), when(summary.refreshTokenExpiresAt)],
        [t("connection.lastRenewal"), when(summary.lastRenewedAt)],
      ]
    : [[t("connection.status"), t("connection.statusNone")]];
  const active = summary?.status === "active";
  return (
    <section className="max-w-2xl space-y-5">
      <h1 className="text-2xl font-bold">{t("connection.title")}</h1>
      <p className="text-slate-700">{t("connection.intro")}</p>
      {disconnected === "revoked" || disconnected === "pending" || disconnected === "none" ? (
        <Notice tone="success">
          {disconnected === "pending" ? t("connection.disconnectPending") : t("connection.disconnected")}
        </Notice>
      ) : null}
      {moved === "1" && summary && !legacy ? <Notice tone="success">{t("legacy.moved")}</Notice> : null}
      {moved === "0" ? (
        <Notice tone="warning" role="alert">
          {t("legacy.moveRefused")}
        </Notice>
      ) : null}
      {legacy ? <LegacyConnectionSection summary={legacy} /> : null}
      {legacy && !summary ? null : (
        <>
          {summary?.status === "reauth_required" ? (
            <Notice tone="warning" role="alert">
              {t("connection.reauthText")}
            </Notice>
          ) : null}
          <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-2">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="[overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap items-start gap-3">
            <SignInButton
              label={active ? t("connection.reconnect") : t("auth.signInAgain")}
              scope={scope ?? "full_access"}
              country={summary?.country?.toLowerCase() ?? (await rememberedCountry())}
              callbackUrl="/settings/connection"
            />
            {active ? <DisconnectButton /> : null}
          </div>
          {active ? <p className="text-sm text-slate-600">{t("connection.disconnectHint")}</p> : null}
        </>
      )}
    </section>
  );
}
