import type { LegacyConnectionSummary } from "@/features/accounting/connection/server/summary";
import { formatDate } from "@/lib/i18n/format";
import { getLocale, getTranslations } from "next-intl/server";
import { SignInButton } from "../../sign-in/components/sign-in-button";
import { LegacyConnectionButtons } from "./legacy-connection-buttons";

const STATUS_KEY = {
  active: "connection.statusActive",
  reauth_required: "connection.statusReauth",
  revoke_pending: "connection.statusRevokePending",
} as const;

/** The connection page's part for a legacy v3 connection: its flow, its details, and the move to v3.1. */
export async function LegacyConnectionSection({ summary }: { summary: LegacyConnectionSummary }) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const when = (date: Date | null) =>
    date ? formatDate(locale, date, { dateStyle: "medium", timeStyle: "medium" }) : t("connection.never");
  const rows: [string, string][] = [
    [t("connection.status"), t(STATUS_KEY[summary.status])],
    [t("legacy.flow"), t("legacy.flowV3")],
    [
      t("connection.scopes"),
      summary.scopes === "readonly"
        ? t("connection.scopeReadonly")
        : summary.scopes === "full_access"
          ? t("connection.scopeFull")
          : summary.scopes,
    ],
    [t("connection.country"), summary.country ?? ""],
    [t("legacy.site"), summary.resourceOwnerId ?? ""],
    [t("connection.accessExpires"), when(summary.accessTokenExpiresAt)],
    [t("connection.lastRenewal"), when(summary.lastRenewedAt)],
  ];
  const active = summary.status === "active";
  return (
    <section aria-labelledby="legacy-connection" className="space-y-4 rounded border border-slate-300 p-4">
      <h2 id="legacy-connection" className="text-lg font-semibold">
        {t("legacy.v3Title")}
      </h2>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="[overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      {active ? <LegacyConnectionButtons /> : null}
      <div className="space-y-2 rounded border border-blue-200 bg-blue-50 p-3">
        <h3 className="font-semibold">{t("legacy.moveTitle")}</h3>
        <p>{t("legacy.moveText")}</p>
        <SignInButton
          label={t("legacy.moveButton")}
          scope={summary.scopes === "readonly" ? "readonly" : "full_access"}
          country={summary.country?.toLowerCase() ?? undefined}
          callbackUrl="/settings/connection?moved=1"
          move
        />
      </div>
    </section>
  );
}
