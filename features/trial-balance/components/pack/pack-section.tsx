import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import type { SessionUser } from "@/lib/auth/server/session";
import { formatDateRange, formatDay } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { withinPageBudget } from "@/lib/http/deadline";
import { comparisonRange } from "@/features/trial-balance/presets";
import type { ShownBusiness } from "@/features/trial-balance/load/server/load";
import { ledgerAccountsFor, type LedgerAccountsState } from "@/features/trial-balance/pack/server/ledger-accounts";
import { packLedgerAccounts } from "@/features/trial-balance/pack/ledger-pack";
import { periodLabel } from "@/features/trial-balance/pack/period-label";
import { packPeriods, type PackPeriod } from "@/features/trial-balance/periods";
import { queryString, type TrialBalanceQuery } from "@/features/trial-balance/query";
import { ExportLinks } from "../export-links";
import { UrlSync } from "../url-sync";
import { PackViewLazy } from "./pack-lazy";

const NO_LEDGER: LedgerAccountsState = { accounts: null, fetchedAt: null, failed: true };

function heading(
  locale: Locale,
  period: PackPeriod,
  fyStartMonth: number,
  partial: (from: string, to: string) => string,
) {
  return {
    label: periodLabel(locale, period, fyStartMonth),
    title: period.whole
      ? formatDateRange(locale, period.from, period.to)
      : partial(formatDay(locale, period.from), formatDay(locale, period.to)),
  };
}

/**
 * The month-end pack (Columns: Months or Quarters): the columns and their headings, and the
 * ledger accounts (stored for a day) are prepared here; the figures are fetched by the browser,
 * column by column (see use-pack-columns.ts).
 */
export async function PackSection({
  user,
  business,
  query,
  fyStartMonth,
}: {
  user: SessionUser;
  business: ShownBusiness;
  query: TrialBalanceQuery & { columns: "months" | "quarters" };
  fyStartMonth: number;
}) {
  const [t, locale, ledger] = await Promise.all([
    getTranslations(),
    getLocale() as Promise<Locale>,
    business.id
      ? withinPageBudget(() => ledgerAccountsFor(user, business.id!)).catch(() => NO_LEDGER)
      : Promise.resolve(NO_LEDGER),
  ]);
  const periods = packPeriods(query, query.columns, fyStartMonth);
  const partial = (from: string, to: string) => t("trialBalance.pack.partial", { from, to });
  const priorRange = query.compare === "none" ? null : comparisonRange(query, query.compare);
  return (
    <>
      <UrlSync query={query} switcherBusinessId={business.switcherBusinessId} />
      <div className="flex flex-wrap justify-end gap-2 print:hidden">
        <ExportLinks query={queryString(query)} />
      </div>
      <PackViewLazy
        businessId={business.id}
        currency={business.currency}
        fyStartMonth={fyStartMonth}
        mode={query.columns}
        basis={query.basis}
        periods={periods}
        headings={periods.map((period) => heading(locale, period, fyStartMonth, partial))}
        prior={
          priorRange
            ? {
                range: priorRange,
                heading: {
                  label: t(query.compare === "year" ? "trialBalance.pack.priorYear" : "trialBalance.pack.priorPeriod"),
                  title: formatDateRange(locale, priorRange.from, priorRange.to),
                },
              }
            : null
        }
        ledger={{
          packed: ledger.accounts ? packLedgerAccounts(ledger.accounts) : null,
          fetchedLabel: ledger.fetchedAt ? formatDay(locale, ledger.fetchedAt.toISOString().slice(0, 10)) : null,
          failed: ledger.failed,
        }}
      />
    </>
  );
}
