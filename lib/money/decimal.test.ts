import { describe, expect, it } from "vitest";
import {
  centsToDecimal,
  microsToDecimal,
  multiplyMicros,
  parseCents,
  parseMicros,
  percentHundredths,
  productToCents,
  scaledDecimal,
  sumCents,
} from "./decimal";

/** The reference: cents from the text's digits alone, summed as BigInt. */
function referenceCents(text: string): bigint {
  const negative = text.startsWith("-");
  const [whole, fraction = ""] = (negative ? text.slice(1) : text).split(".");
  const cents = BigInt(whole!) * 100n + BigInt((fraction + "00").slice(0, 2));
  return negative ? -cents : cents;
}

function randomAmount(random: () => number): string {
  const whole = Math.floor(random() * 10 ** Math.floor(random() * 16));
  const cents = Math.floor(random() * 100)
    .toString()
    .padStart(2, "0");
  return `${random() < 0.1 ? "-" : ""}${whole}.${cents}`;
}

function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("decimal amounts in BigInt cents", () => {
  it("parses plain decimals exactly", () => {
    expect(parseCents("0.10")).toBe(10n);
    expect(parseCents("1234.5")).toBe(123450n);
    expect(parseCents("7")).toBe(700n);
    expect(parseCents("-0.05")).toBe(-5n);
    expect(parseCents("90071992547409.93")).toBe(9007199254740993n);
  });

  it("refuses what is not a plain decimal with at most two decimals", () => {
    for (const bad of ["", "1.234", "1e3", "1,000.00", "abc", ".5", "1.", "--1", "NaN"])
      expect(parseCents(bad)).toBeNull();
  });

  it("writes cents back as decimals", () => {
    expect(centsToDecimal(0n)).toBe("0.00");
    expect(centsToDecimal(5n)).toBe("0.05");
    expect(centsToDecimal(-5n)).toBe("-0.05");
    expect(centsToDecimal(123450n)).toBe("1234.50");
    expect(centsToDecimal(9007199254740993n)).toBe("90071992547409.93");
  });

  it("sums equal the BigInt-cents reference where floating point drifts", () => {
    const values = Array.from({ length: 10 }, () => "0.10");
    expect(centsToDecimal(sumCents(values.map((value) => parseCents(value)!)))).toBe("1.00");
    expect(values.reduce((sum, value) => sum + Number(value), 0)).not.toBe(1); // the float trap this module avoids
  });

  it("sums of 20,000 random amounts match the reference to the cent", () => {
    const random = prng(42);
    const amounts = Array.from({ length: 20_000 }, () => randomAmount(random));
    const expected = amounts.reduce((sum, text) => sum + referenceCents(text), 0n);
    expect(sumCents(amounts.map((text) => parseCents(text)!))).toBe(expected);
    for (const text of amounts.slice(0, 500))
      expect(centsToDecimal(parseCents(text)!)).toBe(centsToDecimal(referenceCents(text)));
  });

  it("percentages round half away from zero, none against zero", () => {
    expect(percentHundredths(1n, 3n)).toBe(3333n);
    expect(percentHundredths(2n, 3n)).toBe(6667n);
    expect(percentHundredths(1n, 20_000n)).toBe(1n);
    expect(percentHundredths(-1n, 20_000n)).toBe(-1n);
    expect(percentHundredths(50n, -200n)).toBe(2500n);
    expect(percentHundredths(5n, 0n)).toBeNull();
  });
});

describe("exact decimals", () => {
  it("parses canonical decimals only", () => {
    expect(parseMicros("12.5")).toBe(12_500_000n);
    expect(parseMicros("-0.000001")).toBe(-1n);
    expect(parseMicros("12,5")).toBeNull();
    expect(parseMicros("1.1234567")).toBeNull();
    expect(parseMicros("")).toBeNull();
  });

  it("multiplies without float error and rounds half away from zero to cents", () => {
    // 0.1 × 0.3 is 0.030000000000000002 in floats
    expect(centsToDecimal(productToCents(multiplyMicros(parseMicros("0.1")!, parseMicros("0.3")!)))).toBe("0.03");
    expect(centsToDecimal(productToCents(multiplyMicros(parseMicros("7.5")!, parseMicros("13.37")!)))).toBe("100.28");
    expect(centsToDecimal(productToCents(multiplyMicros(parseMicros("0.5")!, parseMicros("0.01")!)))).toBe("0.01");
    expect(centsToDecimal(productToCents(multiplyMicros(parseMicros("-0.5")!, parseMicros("0.01")!)))).toBe("-0.01");
    expect(centsToDecimal(productToCents(multiplyMicros(parseMicros("160")!, parseMicros("18.355")!)))).toBe("2936.80");
  });

  it("writes canonical decimals back", () => {
    expect(microsToDecimal(12_500_000n)).toBe("12.5");
    expect(microsToDecimal(-1n)).toBe("-0.000001");
    expect(microsToDecimal(3_000_000n)).toBe("3");
  });
});

describe("scaled decimals", () => {
  it("writes any scale exactly", () => {
    expect(scaledDecimal(1234n, 4)).toBe("0.1234");
    expect(scaledDecimal(-5n, 4)).toBe("-0.0005");
    expect(scaledDecimal(123450n, 2)).toBe(centsToDecimal(123450n));
  });
});
