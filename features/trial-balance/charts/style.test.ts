import { describe, expect, it } from "vitest";
import { DISTINCT_STYLES, markerPath, seriesStyle } from "./style";

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe("series styles (greyscale)", () => {
  const styles = Array.from({ length: DISTINCT_STYLES }, (_, index) => seriesStyle(index));

  it("tells every series apart by dash pattern and by marker, not by colour alone", () => {
    expect(new Set(styles.map((style) => style.dash)).size).toBe(styles.length);
    expect(new Set(styles.map((style) => style.marker)).size).toBe(styles.length);
  });

  it("draws the current line solid with filled markers and the prior year dashed with hollow ones", () => {
    expect(seriesStyle(0)).toMatchObject({ dash: "", filled: true });
    expect(seriesStyle(1).dash).not.toBe("");
    expect(seriesStyle(1).filled).toBe(false);
  });

  it("keeps each line at least 3:1 against the white background", () => {
    for (const style of styles) expect(1.05 / (luminance(style.color) + 0.05)).toBeGreaterThanOrEqual(3);
  });

  it("repeats the styles beyond the distinct ones rather than failing", () => {
    expect(seriesStyle(DISTINCT_STYLES)).toEqual(seriesStyle(0));
  });

  it("draws each marker as a closed path around its point", () => {
    for (const style of styles) {
      const path = markerPath(style.marker, 50, 20, 8);
      expect(path).toMatch(/^M/);
      expect(path).toMatch(/Z$/);
    }
    expect(markerPath("square", 50, 20, 8)).toBe("M46,16h8v8h-8Z");
  });
});
