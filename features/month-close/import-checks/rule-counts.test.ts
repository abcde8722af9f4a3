import { describe, expect, it } from "vitest";
import type { Finding } from "../checks";
import { ruleCounts } from "./rule-counts";

const finding = (rule: Finding["rule"], severity: Finding["severity"], employeeId: number) =>
  ({ rule, severity, employeeId, params: {} }) as Finding;

describe("the month's checks before and after a file import", () => {
  it("counts per rule, blockers first, leaving out rules with nothing after and no change", () => {
    const before = [
      finding("noLines", "warning", 1),
      finding("noLines", "warning", 2),
      finding("payCap", "warning", 3),
    ];
    const after = [
      finding("noLines", "warning", 2),
      finding("payCap", "warning", 3),
      finding("invalidValue", "blocker", 1),
    ];
    expect(ruleCounts(before, after)).toEqual([
      { rule: "invalidValue", severity: "blocker", before: 0, after: 1 },
      { rule: "noLines", severity: "warning", before: 2, after: 1 },
      { rule: "payCap", severity: "warning", before: 1, after: 1 },
    ]);
    expect(ruleCounts([finding("dailyHours", "warning", 1)], [])).toEqual([
      { rule: "dailyHours", severity: "warning", before: 1, after: 0 },
    ]);
  });
});
