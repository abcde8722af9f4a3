import { describe, expect, it } from "vitest";
import { chartLayout, domainOf, spreadLabels } from "./layout";

const tickLabel = (value: number) => String(value);

describe("chart layout", () => {
  it("always includes zero, for all-positive and all-negative series", () => {
    expect(domainOf([[100, 250]])).toEqual([0, 250]);
    expect(domainOf([[-100, -250]])).toEqual([-250, 0]);
    expect(domainOf([[-40], [90, null]])).toEqual([-40, 90]);
    expect(domainOf([[0, null], [null]])).toEqual([0, 1]);
  });

  it("places the zero line between negative and positive values", () => {
    const layout = chartLayout({ series: [[-500, 1500]], names: [], width: 400, height: 200, tickLabel });
    const [down, up] = layout.points[0]!;
    expect(up!.y).toBeLessThan(layout.zeroY);
    expect(down!.y).toBeGreaterThan(layout.zeroY);
    expect(layout.yTicks.map((tick) => tick.value)).toContain(0);
  });

  it("chooses round tick values and labels them with the given format", () => {
    const layout = chartLayout({
      series: [[1234.56, 8765.43]],
      names: [],
      width: 400,
      height: 200,
      tickLabel: (value) => `€${value}`,
    });
    for (const tick of layout.yTicks) expect(tick.value % 1000).toBe(0);
    expect(layout.yTicks[0]!.label).toBe("€0");
    // The left margin grows with the longest tick label.
    const wide = chartLayout({
      series: [[1234.56, 8765.43]],
      names: [],
      width: 400,
      height: 200,
      tickLabel: (value) => `EUR ${value}.00 long`,
    });
    expect(wide.left).toBeGreaterThan(layout.left);
  });

  it("leaves a gap for a period that is not available instead of drawing zero", () => {
    const layout = chartLayout({ series: [[10, 20, null, 40, 50]], names: [], width: 500, height: 200, tickLabel });
    expect(layout.paths[0]!.match(/M/g)).toHaveLength(2);
    expect(layout.points[0]!.map((point) => point.index)).toEqual([0, 1, 3, 4]);
  });

  it("spreads 13 periods over the width, thinning the axis labels on a phone", () => {
    const values = Array.from({ length: 13 }, (_, index) => index * 100);
    const phone = chartLayout({ series: [values], names: [], width: 340, height: 180, tickLabel });
    const desktop = chartLayout({ series: [values], names: [], width: 1000, height: 180, tickLabel });
    expect(phone.xs).toHaveLength(13);
    expect(phone.xs.every((x, index) => index === 0 || x > phone.xs[index - 1]!)).toBe(true);
    expect(phone.xs.at(-1)!).toBeLessThanOrEqual(340 - phone.right);
    expect(phone.labelStep).toBeGreaterThan(1);
    expect(desktop.labelStep).toBe(1);
  });

  it("names each line at its end and keeps two close ends apart", () => {
    const layout = chartLayout({
      series: [
        [100, 200],
        [100, 201],
      ],
      names: ["Current", "Prior year"],
      width: 500,
      height: 200,
      tickLabel,
    });
    expect(layout.labels).toHaveLength(2);
    expect(Math.abs(layout.labels[0]!.y - layout.labels[1]!.y)).toBeGreaterThanOrEqual(13);
    expect(layout.labels[0]!.x).toBeGreaterThan(layout.xs.at(-1)!);
    expect(chartLayout({ series: [[1, 2]], names: [], width: 500, height: 200, tickLabel }).labels).toEqual([]);
  });

  it("spreads labels in their order", () => {
    expect(spreadLabels([50, 40, 45], 10)).toEqual([60, 40, 50]);
    expect(spreadLabels([10, 100], 10)).toEqual([10, 100]);
  });
});
