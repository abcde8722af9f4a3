"use client";

import { useLocale, useTranslations } from "next-intl";
import { chartLayout } from "@/features/trial-balance/charts/layout";
import { axisLabels, formatTick, periodName } from "@/features/trial-balance/charts/labels";
import type { ChartPeriod } from "@/features/trial-balance/charts/series";
import { markerPath, seriesStyle } from "@/features/trial-balance/charts/style";

export interface ChartSeries {
  name: string;
  /** One value per period (currency units); null where the period is not available. */
  values: readonly (number | null)[];
  /** Each period's amount as text for the marker's tooltip ("1.234,56 €"). */
  texts: readonly string[];
  /** The word written in a period's gap ("n/a", "reading…"); null where the period has a value. */
  gaps: readonly (string | null)[];
}

export interface ChartSvgProps {
  label: string;
  periods: readonly ChartPeriod[];
  series: readonly ChartSeries[];
  currency: string;
  width: number;
  height: number;
  describedBy?: string;
}

const AXIS = "#334155";

/**
 * The chart drawn at a known width: one image for screen readers (role img, named), whose
 * figures are also in a table. Lines differ by dash pattern and marker as well as shade and,
 * with more than one, carry their names at their ends, so they read in greyscale.
 */
export function ChartSvg({ label, periods, series, currency, width, height, describedBy }: ChartSvgProps) {
  const t = useTranslations("trialBalanceCharts");
  const locale = useLocale();
  const named = series.length > 1;
  const layout = chartLayout({
    series: series.map((entry) => entry.values),
    names: named ? series.map((entry) => entry.name) : [],
    width,
    height,
    tickLabel: (value) => formatTick(locale, value, currency),
  });
  const plotRight = width - layout.right;
  const xLabels = axisLabels(locale, periods, layout.labelStep, (quarter) =>
    t("quarterShort", { quarter: String(quarter) }),
  );
  const quarterName = (quarter: number, year: string) => t("quarter", { quarter: String(quarter), year });
  return (
    <svg
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      width={width}
      height={height}
      className="block overflow-visible text-[11px]"
    >
      {layout.yTicks.map((tick) => (
        <g key={tick.value}>
          <line x1={layout.left} x2={plotRight} y1={tick.y} y2={tick.y} stroke="#e2e8f0" />
          <text x={layout.left - 6} y={tick.y} textAnchor="end" dominantBaseline="middle" fill={AXIS}>
            {tick.label}
          </text>
        </g>
      ))}
      <line x1={layout.left} x2={plotRight} y1={layout.zeroY} y2={layout.zeroY} stroke={AXIS} data-zero-line="" />
      {periods.map((period, index) => {
        const shown = xLabels[index];
        const x = layout.xs[index];
        return (
          <g key={`${period.from}-${period.to}`}>
            {shown ? (
              <text x={x} y={height - layout.bottom + 14} textAnchor="middle" fill={AXIS}>
                {shown[0]}
                {shown[1] ? (
                  <tspan x={x} dy="13">
                    {shown[1]}
                  </tspan>
                ) : null}
              </text>
            ) : null}
            {/* A period that could not be read is a gap in the line, marked in words, never a zero. */}
            {series[0]?.gaps[index] ? (
              <text x={x} y={layout.zeroY - 5} textAnchor="middle" fill="#475569" fontStyle="italic" data-missing="">
                {series[0].gaps[index]}
              </text>
            ) : null}
          </g>
        );
      })}
      {series.map((entry, index) => {
        const style = seriesStyle(index);
        return (
          <g key={entry.name} data-series={index}>
            <path
              d={layout.paths[index]}
              fill="none"
              stroke={style.color}
              strokeWidth="2"
              strokeDasharray={style.dash || undefined}
            />
            {layout.points[index]!.map((point) => (
              <path
                key={point.index}
                d={markerPath(style.marker, point.x, point.y, 7)}
                fill={style.filled ? style.color : "#fff"}
                stroke={style.color}
                strokeWidth="1.5"
              >
                <title>{`${periodName(locale, periods[point.index]!, quarterName)}: ${entry.texts[point.index]}`}</title>
              </path>
            ))}
          </g>
        );
      })}
      {layout.labels.map((placed) => (
        <text
          key={placed.series}
          x={placed.x}
          y={placed.y}
          dominantBaseline="middle"
          fill={seriesStyle(placed.series).color}
          fontWeight="600"
        >
          {series[placed.series]!.name}
        </text>
      ))}
    </svg>
  );
}
