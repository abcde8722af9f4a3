"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { amountsOf } from "@/features/trial-balance/pack/figures";
import type { GroupKey } from "@/features/trial-balance/pack/account-groups";
import type { LedgerAccountInfo, Pack, PeriodAnswer } from "@/features/trial-balance/pack/model";

// The charts (and their chart code) are fetched only when someone opens an account or a group's trend.
function Loading() {
  const t = useTranslations();
  return (
    <p role="status" className="text-sm text-slate-600">
      {t("trialBalance.pack.chartsLoading")}
    </p>
  );
}
const AccountPanel = dynamic(() => import("@/features/trial-balance/components/charts/account-panel"), {
  ssr: false,
  loading: Loading,
});
const GroupTrend = dynamic(() => import("@/features/trial-balance/components/charts/group-trend"), {
  ssr: false,
  loading: Loading,
});

export type OpenDetails = { kind: "account"; id: string } | { kind: "group"; key: GroupKey };

/** The drill-down of an account (a side panel) or the trend of a group (under the toolbar). */
export function PackDetails({
  open,
  pack,
  answers,
  chart,
  currency,
  fyStartMonth,
  onClose,
}: {
  open: OpenDetails;
  pack: Pack;
  answers: readonly PeriodAnswer[];
  chart: readonly LedgerAccountInfo[] | null;
  currency: string | null;
  /** The business's financial year's first month: the charts name quarters as the table does. */
  fyStartMonth: number;
  onClose: () => void;
}) {
  const t = useTranslations();
  const periods = pack.periods.map((period) => ({ from: period.from, to: period.to, fyStartMonth }));
  if (open.kind === "group") {
    const group = pack.groups.find((entry) => entry.key === open.key);
    if (!group) return null;
    const figures = amountsOf(answers, new Set(group.accounts.map((account) => account.id)));
    return (
      <div className="rounded-lg border border-slate-200 bg-white px-4" data-testid={`pack-trend-${group.key}`}>
        <GroupTrend
          group={t(`trialBalance.pack.groups.${group.key}`)}
          periods={periods}
          figures={figures}
          basis={pack.basis}
          currency={currency ?? ""}
        />
      </div>
    );
  }
  const account = pack.groups.flatMap((group) => group.accounts).find((entry) => entry.id === open.id);
  if (!account) return null;
  const info = chart?.find((entry) => entry.id === account.id) ?? null;
  return (
    <AccountPanel
      account={{ id: account.id, name: account.name }}
      details={
        info
          ? {
              id: info.id,
              name: info.name,
              displayedAs: null,
              nominalCode: info.nominalCode,
              typeId: info.typeId,
              typeName: info.typeName,
            }
          : null
      }
      periods={periods}
      figures={amountsOf(answers, new Set([account.id]))}
      basis={pack.basis}
      currency={currency ?? ""}
      onClose={onClose}
    />
  );
}
