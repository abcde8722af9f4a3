import type { Metadata } from "next";
import Link from "next/link";
import { BusinessDetailsForm } from "@/features/accounting/components/business-details-form";
import { ProblemNotice } from "@/features/accounting/components/problem-notice";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { findReachableBusiness } from "@/features/accounting/server/businesses";
import { connectionSummary } from "@/features/accounting/connection/server/summary";
import { featureAvailability } from "@/features/accounting/server/features";
import { accountingClientFor } from "@/features/accounting/server/for-user";
import { attempt } from "@/features/accounting/server/outcome";
import { getSessionUser } from "@/lib/auth/server/session";
import { notForClients } from "@/features/workspaces/server/client-guard";
import { getLocale, getTranslations } from "next-intl/server";
import { FeatureList } from "@/features/accounting/components/feature-list";
import { tierName as tierNameOf } from "@/features/accounting/components/tier-name";
import { countryName, currencyName } from "@/lib/i18n/format";
import { Notice } from "@/components/ui/notice";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("business.details") };
}

export default async function BusinessPage({ params }: { params: Promise<{ id: string }> }) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const user = await getSessionUser();
  notForClients(user);
  if (!user) return <SignedOutNotice heading={t("business.details")} />;
  const { id } = await params;
  const back = (
    <Link href="/businesses" className="text-blue-700 underline">
      {t("business.back")}
    </Link>
  );
  // Authorization first: an id that is not in the person's list never reaches the service.
  const stored = await findReachableBusiness(user.id, decodeURIComponent(id));
  if (!stored) {
    return (
      <section className="space-y-4">
        <h1 className="text-2xl font-bold">{t("business.details")}</h1>
        <Notice tone="error">{t("business.notFound")}</Notice>
        {back}
      </section>
    );
  }
  const loaded = await attempt(async () => {
    const client = accountingClientFor(user);
    const [business, features] = await Promise.all([
      client.getBusiness(stored.businessId),
      featureAvailability(client, stored.businessId),
    ]);
    return { business, features };
  });
  if (!loaded.ok) {
    return (
      <section className="space-y-4">
        <h1 className="text-2xl font-bold">{stored.name}</h1>
        <ProblemNotice problem={loaded.problem} />
        {back}
      </section>
    );
  }
  const { business, features } = loaded.value;
  const summary = await connectionSummary(user.id);
  const isOwner = business.is_owner ?? stored.isOwner;
  const readOnlyScope = summary?.scopes === "readonly";
  // Country, currency and tier in the person's language (the service's names only for codes we do not know).
  const tierName = tierNameOf(t, business.tier?.id ?? stored.tier, business.tier?.displayed_as ?? stored.tierName);
  const owner = business.owner?.displayed_as?.trim() ?? "";
  const facts: [string, string][] = [
    [t("business.country"), countryName(locale, business.country?.id, business.country?.displayed_as ?? "")],
    [t("business.currency"), currencyName(locale, business.currency?.id, business.currency?.displayed_as ?? "")],
    [t("business.tier"), tierName],
    [t("business.ownerName"), owner],
  ];
  return (
    <section className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">{business.name ?? business.displayed_as ?? stored.name}</h1>
        {stored.isLead ? <p className="text-slate-600">{t("business.lead")}</p> : null}
      </div>
      <dl className="grid max-w-2xl grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-2">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="[overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="max-w-2xl space-y-3">
        <h2 className="text-lg font-semibold">{t("business.edit")}</h2>
        {!isOwner ? (
          <Notice tone="neutral" role="note">
            {owner ? t("business.readOnlyNotOwner", { owner }) : t("business.readOnlyNotOwnerUnnamed")}
          </Notice>
        ) : readOnlyScope ? (
          <Notice tone="neutral" role="note">
            {t("business.readOnlyScope")}
          </Notice>
        ) : null}
        <BusinessDetailsForm
          businessId={stored.businessId}
          initial={{
            address_line_1: business.address_line_1 ?? "",
            mobile: business.mobile ?? "",
            website: business.website ?? "",
          }}
          readOnly={!isOwner || readOnlyScope}
        />
      </div>
      <FeatureList features={features} tier={tierName} />
      {back}
    </section>
  );
}
