import Link from "next/link";
import type { SessionUser } from "@/lib/auth/session";
import { getTranslations } from "next-intl/server";
import { loadTrialBalance, type ShownBusiness } from "@/lib/trial-balance/load";
import { queryString, type TrialBalanceQuery } from "@/lib/trial-balance/query";
import { TrialBalanceProblem } from "./trial-balance-problem";
import { TrialBalanceView } from "./trial-balance-view";
import { UrlSync } from "./url-sync";

/** Fetches the figures (streamed in below the form) and hands them to the table. */
export async function TrialBalanceSection({ user, business, query, here }: { user: SessionUser; business: ShownBusiness; query: TrialBalanceQuery; here: string }) {
  const [t, load] = await Promise.all([getTranslations(), loadTrialBalance(user, business, query)]);
  if (load.kind !== "ok") return <TrialBalanceProblem problem={load} here={here} />;
  const otherThanSwitcher = business.id !== null && business.switcherBusinessId !== null && business.id !== business.switcherBusinessId;
  return (
    <>
      <UrlSync query={query} switcherBusinessId={business.switcherBusinessId} />
      {otherThanSwitcher ? (
        <p className="rounded border border-sky-300 bg-sky-50 px-3 py-2 text-sm print:hidden">
          {t("trialBalance.otherBusinessNotice")}{" "}
          <Link className="font-medium underline" href={`/trial-balance?${queryString({ ...query, business: business.switcherBusinessId! })}`}>
            {t("trialBalance.showSwitcherBusiness")}
          </Link>
        </p>
      ) : null}
      <TrialBalanceView
        range={{ from: query.from, to: query.to }}
        current={load.current}
        previous={load.previous}
        previousRange={load.previousRange}
        basis={query.basis}
        fetchedAt={load.fetchedAt}
      />
    </>
  );
}
