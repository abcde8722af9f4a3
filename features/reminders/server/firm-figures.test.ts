import { describe, expect, it } from "vitest";
import { monthDeadlines } from "@/features/deadlines/deadlines";
import { daysToNextStatement } from "./firm-figures";

describe("days to the next contribution statement", () => {
  const march = monthDeadlines("2030-03", null).statementLastDay;

  it("counts calendar days to this month's last day to send it, 0 on the day itself", () => {
    expect(daysToNextStatement(march, new Set([null]))).toBe(0);
    const before = `2030-03-${String(Number(march.slice(8)) - 3).padStart(2, "0")}`;
    expect(daysToNextStatement(before, new Set([null]))).toBe(3);
  });

  it("counts to next month's once this month's has passed, and takes the nearest over the Lands", () => {
    const april = monthDeadlines("2030-04", null).statementLastDay;
    const days = daysToNextStatement("2030-03-31", new Set());
    expect(days).toBe(Math.round((Date.parse(april) - Date.parse("2030-03-31")) / 86_400_000));
    const lands = new Set(["BY", "BE"] as const);
    const nearest = Math.min(
      ...[...lands].map((land) =>
        Math.round(
          (Date.parse(monthDeadlines("2030-04", land).statementLastDay) - Date.parse("2030-03-31")) / 86_400_000,
        ),
      ),
    );
    expect(daysToNextStatement("2030-03-31", lands)).toBe(nearest);
  });
});
