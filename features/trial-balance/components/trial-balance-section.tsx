import "server-only";
import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import type { SessionUser } from "@/lib/auth/server/session";
import { getLocale, getTranslations } from "next-intl/server";
import { formatDateRange } from "@/lib/i18n/format";
import { withinPageBudget } from "@/lib/http/deadline";
import { loadTrialBalance, type ShownBusiness } from "@/features/trial-balance/load/server/load";
import { queryString, type TrialBalanceQuery } from "@/features/trial-balance/query";
import { TrialBalanceProblem } from "./trial-balance-problem";
import { TrialBalanceView } from "./trial-balance-view";
import { UrlSync } from "./url-sync";

/** Fetches the figures (streamed in below the form) and hands them to the table. */
export async function TrialBalanceSection({
  user,
  business,
  query,
  here,
}: {
  user: SessionUser;
  business: ShownBusiness;
  query: TrialBalanceQuery;
  here: string;
}) {
  // All the page's upstream calls (tries and waits together) within the page's budget: a hanging
  // service shows "did not answer" in time, not after tries × timeout.
  const [t, locale, load] = await Promise.all([
    getTranslations(),
    getLocale(),
    withinPageBudget(() => loadTrialBalance(user, business, query)),
  ]);
  if (load.kind !== "ok") return <TrialBalanceProblem problem={load} here={here} />;
  const periods = {
    current: formatDateRange(locale, query.from, query.to),
    previous: load.previousRange ? formatDateRange(locale, load.previousRange.from, load.previousRange.to) : null,
    currency: business.currency,
  };
  const otherThanSwitcher =
    business.id !== null && business.switcherBusinessId !== null && business.id !== business.switcherBusinessId;
  return (
    <>
      <UrlSync query={query} switcherBusinessId={business.switcherBusinessId} />
      {otherThanSwitcher ? (
        <Notice tone="info" className="text-sm print:hidden">
          <p>
            {t("trialBalance.otherBusinessNotice")}{" "}
            <Link
              className="font-medium underline"
              href={`/trial-balance?${queryString({ ...query, business: business.switcherBusinessId! })}`}
            >
              {t("trialBalance.showSwitcherBusiness")}
            </Link>
          </p>
        </Notice>
      ) : null}
      <TrialBalanceView
        range={{ from: query.from, to: query.to }}
        current={load.current}
        previous={load.previous}
        previousRange={load.previousRange}
        basis={query.basis}
        fetchedAt={load.fetchedAt}
        periods={periods}
        query={queryString(query)}
      />
    </>
  );
}
