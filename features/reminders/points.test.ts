import { describe, expect, it } from "vitest";
import { addBankWorkingDays } from "@/features/deadlines/deadlines";
import { parseReminderDays, reminderDaysProblem } from "./days";
import { bankDaysLeft, duePoint, reminderSettingsSchema } from "./points";

const POINTS = [5, 2, 0];
// A Friday deadline in a plain week: Mon 16.11.2026 … Fri 20.11.2026 (no holiday in Bavaria then).
const DEADLINE = "2026-11-20";

describe("reminder points", () => {
  it("are due on their bank working day before the deadline", () => {
    expect(duePoint(addBankWorkingDays(DEADLINE, -5, "BY"), DEADLINE, POINTS, "BY")).toBe(5);
    expect(duePoint("2026-11-18", DEADLINE, POINTS, "BY")).toBe(2);
    expect(duePoint(DEADLINE, DEADLINE, POINTS, "BY")).toBe(0);
  });

  it("keep the latest point passed until the next, and nothing before the first or after the deadline", () => {
    expect(duePoint("2026-11-19", DEADLINE, POINTS, "BY")).toBe(2);
    expect(duePoint("2026-11-16", DEADLINE, POINTS, "BY")).toBe(5);
    expect(duePoint("2026-11-12", DEADLINE, POINTS, "BY")).toBeNull();
    expect(duePoint("2026-11-21", DEADLINE, POINTS, "BY")).toBeNull();
    expect(duePoint("2026-11-18", DEADLINE, [], "BY")).toBeNull();
  });

  it("skip weekends and the Land's holidays when counting back", () => {
    // Tue 3.11.2026: two bank days before is Fri 30.10. (Sat, Sun and All Saints' Day on Sun 1.11. in BY).
    expect(addBankWorkingDays("2026-11-03", -2, "BY")).toBe("2026-10-30");
    expect(duePoint("2026-10-31", "2026-11-03", POINTS, "BY")).toBe(2);
    expect(bankDaysLeft("2026-10-30", "2026-11-03", "BY")).toBe(2);
  });

  it("are a validated setting: whole numbers 0–20, at most six, none twice", () => {
    expect(reminderSettingsSchema.parse({ days: [0, 5, 2] })).toEqual({ days: [5, 2, 0] });
    expect(reminderSettingsSchema.parse({ days: [] })).toEqual({ days: [] });
    for (const days of [[21], [-1], [1.5], [1, 1], [1, 2, 3, 4, 5, 6, 7], [Number.NaN]])
      expect(reminderSettingsSchema.safeParse({ days }).success, JSON.stringify(days)).toBe(false);
    expect(parseReminderDays("5, 2,0")).toEqual([5, 2, 0]);
    expect(parseReminderDays("5; x")).toEqual([5, Number.NaN]);
    expect(parseReminderDays("  ")).toEqual([]);
    expect(reminderDaysProblem([1, 1])).toBe("duplicate");
    expect(reminderDaysProblem([30])).toBe("range");
    expect(reminderSettingsSchema.safeParse({ days: [1, 1] }).error?.issues[0]?.message).toBe("duplicate");
  });
});
