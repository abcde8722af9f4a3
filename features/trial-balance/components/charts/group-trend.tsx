"use client";

import { useId, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { Basis } from "@/features/trial-balance/query";
import { spanName } from "@/features/trial-balance/charts/labels";
import type { ChartPeriod, PeriodFigures } from "@/features/trial-balance/charts/series";
import { Button } from "@/components/ui/button";
import { useNetFigures } from "./chart-series";
import { FiguresTable } from "./figures-table";
import { PeriodChart } from "./period-chart";

export interface GroupTrendProps {
  /** The group's heading as the table shows it ("Assets"). */
  group: string;
  periods: readonly ChartPeriod[];
  /** The group's subtotal amounts per period (the sum of its accounts' amounts), in `periods`' order. */
  figures: readonly PeriodFigures[];
  /** The same periods a year earlier, when the pack compares with the prior year. */
  priorYear?: readonly PeriodFigures[] | null;
  basis: Basis;
  currency: string;
}

/**
 * A group's subtotal over the periods: a compact chart to open under the group's heading, with
 * its table equivalent behind a "Show as table" button (a disclosure: the table is the next thing
 * in the tab order once shown).
 */
export default function GroupTrend({ group, periods, figures, priorYear, basis, currency }: GroupTrendProps) {
  const t = useTranslations("trialBalanceCharts");
  const locale = useLocale();
  const tableId = useId();
  const [table, setTable] = useState(false);
  const { lines, prior, series, basisName } = useNetFigures(figures, priorYear, basis, currency);
  const title = t("groupTitle", { group, basis: basisName });
  return (
    <figure className="space-y-2 py-2">
      <figcaption className="text-sm font-medium text-slate-800">{title}</figcaption>
      <PeriodChart
        label={t("chartLabel", { title, count: periods.length, range: spanName(locale, periods) })}
        periods={periods}
        series={series}
        currency={currency}
        height={140}
        describedBy={table ? tableId : undefined}
      />
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={table}
        aria-controls={table ? tableId : undefined}
        onClick={() => setTable((shown) => !shown)}
      >
        {table ? t("hideTable") : t("showTable")}
      </Button>
      {table ? (
        <FiguresTable
          id={tableId}
          caption={t("groupCaption", { group, basis: basisName, currency })}
          periods={periods}
          lines={lines}
          prior={prior}
          basis={basis}
          currency={currency}
        />
      ) : null}
    </figure>
  );
}
