import type { Metadata } from "next";
import { Suspense } from "react";
import { TrialBalanceSection } from "@/features/trial-balance/components/trial-balance-section";
import { TrialBalanceLoading } from "@/features/trial-balance/components/trial-balance-loading";
import { TrialBalanceProblem } from "@/features/trial-balance/components/trial-balance-problem";
import { RangeForm } from "@/features/trial-balance/components/range-form";
import { StaleFiguresProvider } from "@/features/trial-balance/components/stale-figures";
import { getSessionUser } from "@/lib/auth/server/session";
import { notForClients } from "@/features/workspaces/server/client-guard";
import { getTranslations } from "next-intl/server";
import { localToday } from "@/lib/dates/calendar";
import { resolveBusiness } from "@/features/trial-balance/load/server/load";
import { financialYearStart } from "@/features/trial-balance/pack/server/financial-year";
import { PackSection } from "@/features/trial-balance/components/pack/pack-section";
import { LinkAccountingNotice } from "@/features/accounting/components/link-accounting-notice";
import { parseTrialBalanceQuery, queryString } from "@/features/trial-balance/query";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("trialBalance.title") };
}

type SearchParams = Record<string, string | string[] | undefined>;

function currentAddress(params: SearchParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    for (const item of [value ?? []].flat()) search.append(name, item);
  const text = search.toString();
  return text ? `/trial-balance?${text}` : "/trial-balance";
}

export default async function TrialBalancePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [t, params, user] = await Promise.all([getTranslations(), searchParams, getSessionUser()]);
  notForClients(user);
  if (user && user.accountingUserId === null) return <LinkAccountingNotice heading={t("trialBalance.title")} />;
  const here = currentAddress(params);
  const today = localToday();
  // The business first (its financial year decides the default range and how quarters fall), then the view.
  const first = parseTrialBalanceQuery(params, today);
  const requested = first.ok ? first.query.business : first.errors.business ? null : first.raw.business;
  const business = user && requested !== null ? await resolveBusiness(user, requested) : null;
  const fyStartMonth = await financialYearStart(business?.id ?? null);
  const parsed = fyStartMonth === 1 ? first : parseTrialBalanceQuery(params, today, fyStartMonth);
  const query = parsed.ok ? { ...parsed.query, ...(business?.id ? { business: business.id } : {}) } : null;

  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">{t("trialBalance.title")}</h1>
        <p className="text-slate-700 print:hidden">{t("trialBalance.intro")}</p>
        {business?.name ? (
          <p className="font-medium">{t("trialBalance.businessShown", { name: business.name })}</p>
        ) : null}
      </div>
      {!user ? (
        <TrialBalanceProblem problem={{ kind: "signedOut" }} here={here} />
      ) : (
        <StaleFiguresProvider view={here}>
          <RangeForm
            key={here}
            values={query ?? (parsed.ok ? parsed.query : parsed.raw)}
            errors={parsed.ok ? {} : parsed.errors}
            today={today}
            financialYear={{
              startMonth: fyStartMonth,
              businessId: business?.id ?? null,
              businessName: business?.name ?? null,
            }}
          />
          {!parsed.ok ? (
            <p role="alert" className="text-red-800">
              {t("trialBalance.errors.fixRange")}
            </p>
          ) : !business || !query ? (
            <TrialBalanceProblem problem={{ kind: "unknownBusiness" }} here={here} />
          ) : (
            <Suspense key={queryString(query)} fallback={<TrialBalanceLoading />}>
              {query.columns === "single" ? (
                <TrialBalanceSection user={user} business={business} query={query} here={here} />
              ) : (
                <PackSection
                  user={user}
                  business={business}
                  query={{ ...query, columns: query.columns }}
                  fyStartMonth={fyStartMonth}
                />
              )}
            </Suspense>
          )}
        </StaleFiguresProvider>
      )}
    </div>
  );
}
