import { describe, expect, it } from "vitest";
import { buildRvnr, isValidRvnr } from "./rvnr";

describe("pension insurance number", () => {
  it("accepts a number with a correct check digit", () => {
    expect(isValidRvnr("65170839J003")).toBe(true);
  });

  it.each(["65170839J004", "65170839j003", "6517083J003", "65171339J003", "65 170839 J 00 3", ""])(
    "refuses %j",
    (value) => {
      expect(isValidRvnr(value)).toBe(false);
    },
  );

  it("builds numbers that validate", () => {
    expect(buildRvnr("65", "1939-08-17", "J", 0)).toBe("65170839J003");
    expect(isValidRvnr(buildRvnr("12", "1988-02-29", "M", 57))).toBe(true);
  });
});
