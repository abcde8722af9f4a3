/**
 * How each series of a chart looks, so it reads in greyscale and for people who do not tell
 * colours apart: each differs in dash pattern and marker shape as well as in shade, and is named
 * directly at its line's end. The first series is the one asked for (this year), the second the
 * prior year; more (group lines) take the following styles.
 */
export type Marker = "circle" | "square" | "triangle" | "diamond";

export interface SeriesStyle {
  /** SVG stroke-dasharray; "" is a solid line. */
  dash: string;
  marker: Marker;
  /** Whether the marker is filled (hollow markers differ from filled ones in greyscale too). */
  filled: boolean;
  /** Stroke colour; the shades step from dark to mid grey-blue, each ≥ 3:1 against white. */
  color: string;
}

const STYLES: readonly SeriesStyle[] = [
  { dash: "", marker: "circle", filled: true, color: "#1e3a8a" },
  { dash: "6 4", marker: "square", filled: false, color: "#475569" },
  { dash: "2 3", marker: "triangle", filled: true, color: "#0f766e" },
  { dash: "8 3 2 3", marker: "diamond", filled: false, color: "#7c2d12" },
];

/** The style of the `index`th series; beyond the four distinct ones the styles repeat. */
export function seriesStyle(index: number): SeriesStyle {
  return STYLES[index % STYLES.length]!;
}

/** Distinct styles available before they repeat. */
export const DISTINCT_STYLES = STYLES.length;

/** An SVG path of the marker centred on (x, y), `size` across. */
export function markerPath(marker: Marker, x: number, y: number, size: number): string {
  const r = size / 2;
  switch (marker) {
    case "circle":
      return `M${x - r},${y}a${r},${r} 0 1,0 ${size},0a${r},${r} 0 1,0 ${-size},0Z`;
    case "square":
      return `M${x - r},${y - r}h${size}v${size}h${-size}Z`;
    case "triangle":
      return `M${x},${y - r * 1.15}L${x + r * 1.15},${y + r}L${x - r * 1.15},${y + r}Z`;
    case "diamond":
      return `M${x},${y - r * 1.3}L${x + r * 1.3},${y}L${x},${y + r * 1.3}L${x - r * 1.3},${y}Z`;
  }
}
