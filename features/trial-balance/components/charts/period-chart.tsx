"use client";

import { seriesStyle, markerPath, type SeriesStyle } from "@/features/trial-balance/charts/style";
import { ChartSvg, type ChartSvgProps } from "./chart-svg";
import { useWidth } from "./use-width";

/** A line sample of a series: its dash pattern and marker, as in the chart. */
function SeriesKey({ style }: { style: SeriesStyle }) {
  return (
    <svg width="30" height="12" aria-hidden="true" className="inline-block shrink-0">
      <line
        x1="1"
        x2="29"
        y1="6"
        y2="6"
        stroke={style.color}
        strokeWidth="2"
        strokeDasharray={style.dash || undefined}
      />
      <path
        d={markerPath(style.marker, 15, 6, 7)}
        fill={style.filled ? style.color : "#fff"}
        stroke={style.color}
        strokeWidth="1.5"
      />
    </svg>
  );
}

/**
 * A line chart of up to 13 periods and one or more series (current, prior year) at the width
 * its container has (text stays 11 px on a 390 px phone), with a key above it when there is
 * more than one line. The key is hidden from screen readers: the chart's name and its table say it.
 */
export function PeriodChart({ height = 200, ...props }: Omit<ChartSvgProps, "width" | "height"> & { height?: number }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  return (
    <div className="space-y-1">
      {props.series.length > 1 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800" aria-hidden="true">
          {props.series.map((entry, index) => (
            <li key={entry.name} className="flex items-center gap-1.5">
              <SeriesKey style={seriesStyle(index)} />
              {entry.name}
            </li>
          ))}
        </ul>
      ) : null}
      {/* Its height is kept before it is measured, so nothing below moves when the chart appears. */}
      <div ref={ref} style={{ height }} className="w-full">
        {width > 0 ? <ChartSvg {...props} width={width} height={height} /> : null}
      </div>
    </div>
  );
}
