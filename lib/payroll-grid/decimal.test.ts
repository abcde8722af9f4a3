import { describe, expect, it } from "vitest";
import { centsToDecimal, microsToDecimal, multiplyMicros, parseMicros, productToCents } from "./decimal";

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
