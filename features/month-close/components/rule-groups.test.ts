import { describe, expect, it } from "vitest";
import type { Finding } from "@/features/month-close/checks";
import { warningId } from "@/features/month-close/gate";
import { ruleGroups } from "./rule-groups";

const noLines = (employeeId: number): Finding => ({ severity: "warning", rule: "noLines", employeeId, params: {} });
const payCap = (employeeId: number): Finding => ({
  severity: "warning",
  rule: "payCap",
  employeeId,
  params: { total: "650.00", cap: "556.00" },
});

describe("ruleGroups", () => {
  it("offers a rule with two or more open warnings, listed or not, and leaves out the acknowledged ones", () => {
    const warnings = [payCap(1), ...Array.from({ length: 150 }, (_, index) => noLines(10 + index))];
    const groups = ruleGroups(warnings, new Set([warningId(noLines(10))]), 100);
    expect(groups).toEqual([{ rule: "noLines", warningIds: warnings.slice(2).map(warningId) }]);
    expect(groups[0]!.warningIds).toHaveLength(149);
  });

  it("offers a single warning only when the region does not list it", () => {
    expect(ruleGroups([noLines(1), payCap(2)], new Set(), 100)).toEqual([]);
    expect(ruleGroups([noLines(1), noLines(2), payCap(3)], new Set(), 2)).toEqual([
      { rule: "noLines", warningIds: ["noLines|1|||", "noLines|2|||"] },
      { rule: "payCap", warningIds: ["payCap|3|||cap=556.00;total=650.00"] },
    ]);
    expect(ruleGroups([noLines(1), noLines(2)], new Map([["noLines|1|||", {}]]), 100)).toEqual([]);
  });
});

describe("the by-rule texts", () => {
  it("read in both languages, numbers as each writes them", async () => {
    const { createTranslator } = await import("next-intl");
    const { MESSAGES } = await import("@/lib/i18n/messages");
    const say = (locale: "en" | "de") =>
      createTranslator({ locale, messages: MESSAGES[locale], namespace: "monthChecks" });
    expect(say("en")("acknowledgeRule", { count: 1000, rule: "No lines" })).toBe(
      "Acknowledge all 1,000 warnings: No lines",
    );
    expect(say("de")("acknowledgeRule", { count: 1000, rule: "Keine Zeilen" })).toBe(
      "Alle 1.000 Warnungen bestätigen: Keine Zeilen",
    );
    expect(say("de")("acknowledgeRule", { count: 1, rule: "Lohnobergrenze" })).toBe(
      "1 Warnung bestätigen: Lohnobergrenze",
    );
    expect(say("en")("staleWarnings", { stale: 2, count: 1000 })).toMatch(
      /^2 of these 1,000 warnings are no longer among the month's checks/,
    );
    expect(say("de")("staleWarnings", { stale: 2, count: 1000 })).toMatch(
      /^2 dieser 1\.000 Warnungen gehören nicht mehr zu den Prüfungen des Monats/,
    );
    expect(say("de")("staleWarnings", { stale: 1, count: 1 })).toMatch(/^Diese Warnung gehört nicht mehr/);
  });
});
