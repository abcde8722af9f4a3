import { describe, expect, it } from "vitest";
import { canonicalHash, canonicalJson } from "./canonical";

describe("canonicalJson (RFC 8785)", () => {
  it("sorts members by UTF-16 code units, recursively, without whitespace", () => {
    // RFC 8785 §3.2.3's sorting example: the names in their canonical order.
    const input = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    const keys = Object.keys(JSON.parse(canonicalJson(input)) as object);
    // JSON.parse puts "1" first (an integer key): read the order from the text instead.
    const order = [...canonicalJson(input).matchAll(/"([^"]*)":"([^"]*)"/g)].map((match) => match[2]);
    expect(keys).toHaveLength(7);
    expect(order).toEqual([
      "Carriage Return",
      "One",
      "Control",
      "Latin Small Letter O With Diaeresis",
      "Euro Sign",
      "Emoji: Grinning Face",
      "Hebrew Letter Dalet With Dagesh",
    ]);
    expect(canonicalJson({ b: [2, { d: 1, c: null }], a: true })).toBe('{"a":true,"b":[2,{"c":null,"d":1}]}');
  });

  it("writes numbers as ECMAScript does (RFC 8785 §3.2.2.3 examples)", () => {
    expect(canonicalJson([1e30, 4.5, 0.002, 1e-27, -0, 333333333.3333333, 9007199254740991])).toBe(
      "[1e+30,4.5,0.002,1e-27,0,333333333.3333333,9007199254740991]",
    );
  });

  it("escapes strings as RFC 8785 §3.2.2.2 says", () => {
    expect(canonicalJson('\u20ac$\u000f\nA\'B"\\\\"/')).toBe('"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"');
    expect(canonicalJson("Straße")).toBe('"Straße"');
  });

  it("refuses what JSON cannot say, and leaves undefined members out", () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson("\ud800")).toThrow(TypeError);
    expect(() => canonicalJson(10n)).toThrow(TypeError);
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it("hashes the same value to the same SHA-256 whatever its members' order", () => {
    const one = canonicalHash({ period: "2026-11", lines: [{ id: "a", values: { type: "HOURLY_WAGE", date: "" } }] });
    const two = canonicalHash({ lines: [{ values: { date: "", type: "HOURLY_WAGE" }, id: "a" }], period: "2026-11" });
    expect(one).toBe(two);
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    // Pinned: a change of the canonical form would change every stored hash.
    expect(canonicalHash({ a: 1 })).toBe("015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862");
  });
});
