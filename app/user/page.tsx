import type { Metadata } from "next";
import { LastNameForm } from "@/features/accounting/components/last-name-form";
import { ProblemNotice } from "@/features/accounting/components/problem-notice";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { connectionSummary } from "@/features/accounting/connection/server/summary";
import { accountingClientFor } from "@/features/accounting/server/for-user";
import { attempt } from "@/features/accounting/server/outcome";
import { getSessionUser } from "@/lib/auth/server/session";
import { notForClients } from "@/features/workspaces/server/client-guard";
import { getLocale, getTranslations } from "next-intl/server";
import { languageName } from "@/lib/i18n/format";
import { Notice } from "@/components/ui/notice";
import { LinkAccountingNotice } from "@/features/accounting/components/link-accounting-notice";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("user.title") };
}

export default async function UserPage() {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const user = await getSessionUser();
  notForClients(user);
  if (!user) return <SignedOutNotice heading={t("user.title")} />;
  if (user.accountingUserId === null) return <LinkAccountingNotice heading={t("user.title")} />;
  const loaded = await attempt(() => accountingClientFor(user).getUser());
  if (!loaded.ok) {
    return (
      <section className="space-y-4">
        <h1 className="text-2xl font-bold">{t("user.title")}</h1>
        <ProblemNotice problem={loaded.problem} />
      </section>
    );
  }
  const profile = loaded.value;
  const summary = await connectionSummary(user.id);
  const readOnly = summary?.scopes === "readonly";
  const facts: [string, string][] = [
    [t("user.firstName"), profile.first_name ?? ""],
    [t("user.lastName"), profile.last_name ?? ""],
    [t("user.email"), profile.email ?? ""],
    [t("user.locale"), languageName(locale, profile.locale)],
  ];
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">{t("user.title")}</h1>
      <dl className="grid max-w-2xl grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-2">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd data-field={label} className="[overflow-wrap:anywhere]">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="space-y-3">
        <h2 className="text-lg font-semibold">{t("user.edit")}</h2>
        {readOnly ? (
          <Notice tone="neutral" role="note">
            {t("business.readOnlyScope")}
          </Notice>
        ) : null}
        <LastNameForm initial={{ last_name: profile.last_name ?? "" }} readOnly={readOnly} />
      </div>
    </section>
  );
}
