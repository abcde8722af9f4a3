import { describe, expect, it } from "vitest";
import { basisLine, basisLines, chartValues, lineOf, toCents } from "./series";

const amounts = ["100000", "0", "25050", "-1", "123456", "300"];

describe("chart series from amounts", () => {
  it("reads cents given as text or as BigInt", () => {
    expect(toCents("-12345")).toBe(-12345n);
    expect(toCents(7n)).toBe(7n);
    expect(toCents(undefined)).toBe(0n);
  });

  it("takes the period's movement or its closing balance, as the basis says", () => {
    expect(basisLine({ amounts, failed: false }, "movement")).toEqual({ debit: 25050n, credit: -1n, net: 25051n });
    expect(basisLine({ amounts, failed: false }, "closing")).toEqual({ debit: 123456n, credit: 300n, net: 123156n });
  });

  it("keeps a period that could not be read apart from a zero one", () => {
    expect(basisLine({ amounts: ["0", "0", "0", "0", "0", "0"], failed: false }, "movement")).toEqual({
      debit: 0n,
      credit: 0n,
      net: 0n,
    });
    expect(basisLine({ amounts, failed: true }, "movement")).toBeNull();
    expect(basisLine({ amounts: null, failed: false }, "closing")).toBeNull();
    const states = basisLines(
      [
        { amounts, failed: false },
        { amounts: null, failed: true },
        { amounts: null, failed: false, pending: true },
      ],
      "closing",
    );
    expect(states.slice(1)).toEqual(["failed", "pending"]);
    expect(states.map((state) => lineOf(state)?.net ?? null)).toEqual([123156n, null, null]);
  });

  it("turns nets into currency units for the chart, negatives and gaps included", () => {
    expect(chartValues([123456n, -5n, null, 0n])).toEqual([1234.56, -0.05, null, 0]);
  });
});
