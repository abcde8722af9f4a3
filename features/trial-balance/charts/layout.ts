import { scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";

/**
 * Where everything of a period chart goes, computed apart from React so it can be tested: d3's
 * scales choose readable ("nice") tick values, its line generator leaves a gap for a period that
 * is not available (null) instead of drawing it as zero.
 */

export interface LayoutInput {
  /** One array per series, one value per period (currency units), null where not available. */
  series: readonly (readonly (number | null)[])[];
  /** Names written at each line's end (direct labels); empty strings leave a series unnamed. */
  names: readonly string[];
  width: number;
  height: number;
  /** Text of a y-axis tick (the locale's compact currency format). */
  tickLabel: (value: number) => string;
}

export interface Point {
  index: number;
  x: number;
  y: number;
}

export interface ChartLayout {
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Each period's x. */
  xs: number[];
  yTicks: { value: number; y: number; label: string }[];
  /** The zero line's y (always inside the chart: the domain always includes zero). */
  zeroY: number;
  paths: string[];
  points: Point[][];
  /** Direct labels, moved apart vertically where two lines end close together. */
  labels: { series: number; x: number; y: number }[];
  /** Show every `labelStep`th period's label on the x axis so they do not overlap. */
  labelStep: number;
}

// Rough glyph width of the 11 px axis text; enough to keep labels clear of each other.
const CHAR = 6.6;
const LABEL_GAP = 13;
// Room one period label needs ("Sept", "Q4", "20 Nov" at 11 px).
const X_LABEL_MIN = 38;

export function domainOf(series: LayoutInput["series"]): [number, number] {
  let min = 0;
  let max = 0;
  for (const values of series)
    for (const value of values)
      if (value !== null) {
        if (value < min) min = value;
        if (value > max) max = value;
      }
  // Nothing but zeros (or nothing available): a unit range keeps the zero line at the bottom.
  return min === max ? [0, 1] : [min, max];
}

/** Pushes labels apart (keeping their order) so none is closer than `gap` to the one above it. */
export function spreadLabels(ys: readonly number[], gap: number): number[] {
  const order = ys.map((y, index) => ({ y, index })).sort((a, b) => a.y - b.y);
  for (let i = 1; i < order.length; i += 1) {
    const above = order[i - 1]!;
    if (order[i]!.y - above.y < gap) order[i]!.y = above.y + gap;
  }
  const result = new Array<number>(ys.length);
  for (const { y, index } of order) result[index] = y;
  return result;
}

export function chartLayout({ series, names, width, height, tickLabel }: LayoutInput): ChartLayout {
  const count = Math.max(0, ...series.map((values) => values.length));
  const top = 10;
  const bottom = 34;
  const y = scaleLinear()
    .domain(domainOf(series))
    .range([height - bottom, top])
    .nice(4);
  const ticks = y.ticks(4).map((value) => ({ value, y: y(value), label: tickLabel(value) }));
  const left = Math.ceil(Math.max(...ticks.map((tick) => tick.label.length)) * CHAR) + 10;
  const longestName = Math.max(0, ...names.map((name) => name.length));
  const right = longestName ? Math.min(Math.ceil(longestName * CHAR) + 14, Math.floor(width / 4)) : 12;
  const x = scalePoint<number>()
    .domain(Array.from({ length: count }, (_, index) => index))
    .range([left, Math.max(left, width - right)])
    .padding(0.5);
  const xs = Array.from({ length: count }, (_, index) => x(index)!);
  const draw = line<number | null>()
    .defined((value) => value !== null)
    .x((_, index) => xs[index]!)
    .y((value) => y(value!));
  const points = series.map((values) =>
    values.flatMap((value, index) => (value === null ? [] : [{ index, x: xs[index]!, y: y(value) }])),
  );
  const ends = points
    .map((list, index) => ({ series: index, end: list.at(-1) }))
    .filter((entry) => entry.end && names[entry.series]);
  const spread = spreadLabels(
    ends.map((entry) => entry.end!.y),
    LABEL_GAP,
  );
  const slot = count > 1 ? xs[1]! - xs[0]! : width;
  return {
    left,
    right,
    top,
    bottom,
    xs,
    yTicks: ticks,
    zeroY: y(0),
    paths: series.map((values) => draw(values as (number | null)[]) ?? ""),
    points,
    labels: ends.map((entry, index) => ({ series: entry.series, x: width - right + 6, y: spread[index]! })),
    labelStep: Math.max(1, Math.ceil(X_LABEL_MIN / Math.max(1, slot))),
  };
}
