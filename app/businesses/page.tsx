import type { Metadata } from "next";
import Link from "next/link";
import { ProblemNotice } from "@/features/accounting/components/problem-notice";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { leadBusinessOf, listBusinesses, syncBusinesses } from "@/features/accounting/server/businesses";
import { accountingClientFor } from "@/features/accounting/server/for-user";
import { attempt } from "@/features/accounting/server/outcome";
import { getSessionUser } from "@/lib/auth/server/session";
import { notForClients } from "@/features/workspaces/server/client-guard";
import { getLocale, getTranslations } from "next-intl/server";
import { tierName } from "@/features/accounting/components/tier-name";
import { countryName } from "@/lib/i18n/format";
import { Notice } from "@/components/ui/notice";
import { LinkAccountingNotice } from "@/features/accounting/components/link-accounting-notice";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("business.listTitle") };
}

export default async function BusinessesPage() {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const user = await getSessionUser();
  notForClients(user);
  if (!user) return <SignedOutNotice heading={t("business.listTitle")} />;
  if (user.accountingUserId === null) return <LinkAccountingNotice heading={t("business.listTitle")} />;
  const leadBefore = await leadBusinessOf(user.id);
  const synced = await attempt(() => syncBusinesses(user.id, accountingClientFor(user)));
  const businesses = synced.ok ? synced.value : await listBusinesses(user.id);
  const leadAfter = businesses.find((business) => business.isLead);
  const leadChanged = synced.ok && leadBefore && leadAfter && leadBefore.businessId !== leadAfter.businessId;
  const current = user.selectedBusinessId ?? leadAfter?.businessId;
  return (
    <section className="space-y-5">
      <h1 className="text-2xl font-bold">{t("business.listTitle")}</h1>
      <p className="text-slate-700">{t("business.listIntro")}</p>
      {leadChanged ? (
        <Notice tone="info" role="status">
          {t("business.leadChanged", { name: leadAfter.name })}
        </Notice>
      ) : null}
      {synced.ok ? null : <ProblemNotice problem={synced.problem} />}
      {businesses.length === 0 ? <p>{t("business.empty")}</p> : null}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {businesses.map((business) => (
          <li key={business.businessId} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
            <Link
              href={`/businesses/${encodeURIComponent(business.businessId)}`}
              className="font-medium text-blue-700 underline"
            >
              {business.name}
            </Link>
            {business.isLead ? (
              <span className="rounded bg-slate-100 px-2 py-0.5 text-sm">{t("business.lead")}</span>
            ) : null}
            {business.businessId === current ? (
              <span className="text-sm text-slate-500">({t("business.current")})</span>
            ) : null}
            <span className="text-sm text-slate-600">
              {business.isOwner ? t("business.owner") : t("business.notOwner")}
            </span>
            {business.country ? (
              <span className="text-sm text-slate-600">{countryName(locale, business.country)}</span>
            ) : null}
            {business.tier || business.tierName ? (
              <span className="text-sm text-slate-600">{tierName(t, business.tier, business.tierName)}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
