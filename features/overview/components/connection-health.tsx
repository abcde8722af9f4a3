import "server-only";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { AccountingHealth, HealthAnswer, PayrollHealth } from "@/features/overview/types";

const TIME: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" };
const STATE_TONE = { good: "text-green-800", bad: "text-red-800", neutral: "text-slate-700" } as const;

/**
 * The connections' health beside the overview: per payroll connection of the workspace whether
 * its key is accepted, the last successful contact and the last error; per accounting connection
 * of the person whether it is valid, due for renewal or broken, with what mends it.
 */
export async function ConnectionHealth({ health }: { health: HealthAnswer }) {
  const t = await getTranslations("overview.health");
  return (
    <section aria-labelledby="connection-health" className="space-y-4">
      <h2 id="connection-health" className="text-xl font-semibold">
        {t("heading")}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-2">
          <h3 className="font-semibold">{t("payroll")}</h3>
          <ul aria-label={t("payroll")} className="space-y-2">
            {health.payroll.map((connection) => (
              <PayrollItem key={connection.connectionId} connection={connection} />
            ))}
          </ul>
        </div>
        <div className="space-y-2">
          <h3 className="font-semibold">{t("accounting")}</h3>
          <ul aria-label={t("accounting")} className="space-y-2">
            {health.accounting.map((connection) => (
              <AccountingItem key={connection.version} connection={connection} />
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

async function PayrollItem({ connection }: { connection: PayrollHealth }) {
  const [t, locale] = await Promise.all([getTranslations("overview.health"), getLocale() as Promise<Locale>]);
  const time = (iso: string | null) => (iso ? formatDate(locale, new Date(iso), TIME) : t("never"));
  const [state, tone] = !connection.connected
    ? [t("disconnected"), "neutral" as const]
    : connection.keyAccepted === null
      ? [t("keyUnknown"), "neutral" as const]
      : connection.keyAccepted
        ? [t("keyAccepted"), "good" as const]
        : [t("keyRefused"), "bad" as const];
  return (
    <li
      className="space-y-0.5 rounded border border-slate-200 bg-white p-3 text-sm"
      data-connection={connection.connectionId}
    >
      <p className="font-medium">
        {connection.name} <span className="font-normal text-slate-600">({connection.baseUrl})</span>
      </p>
      <p className={`font-medium ${STATE_TONE[tone]}`} data-key-accepted={connection.keyAccepted ?? undefined}>
        {state}
      </p>
      <p>{t("lastContact", { time: time(connection.lastSuccessAt) })}</p>
      <p>
        {connection.lastError
          ? t("lastError", { time: time(connection.lastErrorAt), message: connection.lastError })
          : t("noError")}
      </p>
      {connection.connected && connection.keyAccepted === false ? (
        <Link href="/payroll" className="text-blue-700 underline">
          {t("mendPayroll")}
        </Link>
      ) : null}
    </li>
  );
}

async function AccountingItem({ connection }: { connection: AccountingHealth }) {
  const [t, locale] = await Promise.all([getTranslations("overview.health"), getLocale() as Promise<Locale>]);
  const time = (iso: string | null) => (iso ? formatDate(locale, new Date(iso), TIME) : t("never"));
  const state =
    connection.state === "valid"
      ? t("valid")
      : connection.state === "renewal_due"
        ? t("renewalDue", { time: time(connection.refreshTokenExpiresAt) })
        : t("broken", { reason: connection.reason ?? "" });
  const tone = connection.state === "valid" ? "good" : connection.state === "broken" ? "bad" : "neutral";
  return (
    <li
      className="space-y-0.5 rounded border border-slate-200 bg-white p-3 text-sm"
      data-accounting-state={connection.state}
    >
      <p className="font-medium">{t("accountingVersion", { version: connection.version })}</p>
      <p className={`font-medium ${STATE_TONE[tone]}`}>{state}</p>
      {connection.action === "sign_in_again" && connection.actionHref ? (
        <Link href={connection.actionHref} className="text-blue-700 underline">
          {t("mendAccounting")}
        </Link>
      ) : null}
      {connection.action === "wait_for_revocation" ? <p>{t("waitRevocation")}</p> : null}
    </li>
  );
}
