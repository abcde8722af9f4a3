import { describe, expect, it } from "vitest";
import { cronPeriodMs } from "./cron-period";
import { lateSchedules, spoken, type RegisteredSchedule } from "./schedule-runs";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("a cron's period", () => {
  it("is the longest gap between its fire times", () => {
    expect(cronPeriodMs("* * * * *")).toBe(MINUTE);
    expect(cronPeriodMs("*/10 * * * *")).toBe(10 * MINUTE);
    expect(cronPeriodMs("5 * * * *")).toBe(HOUR);
    expect(cronPeriodMs("41 3 * * *")).toBe(DAY);
    expect(cronPeriodMs("0 7,19 * * *")).toBe(12 * HOUR);
    // Weekdays only: Friday to Monday.
    expect(cronPeriodMs("0 7 * * 1-5")).toBe(3 * DAY);
    expect(cronPeriodMs("0 0 * * 7")).toBe(7 * DAY);
    expect(cronPeriodMs("0 0 1 * *")).toBe(31 * DAY);
  });

  it("refuses what it cannot read", () => {
    expect(() => cronPeriodMs("* * * *")).toThrow("five fields");
    expect(() => cronPeriodMs("61 * * * *")).toThrow("out of range");
    expect(() => cronPeriodMs("@daily x y z w")).toThrow("Cannot read");
  });
});

describe("late schedules", () => {
  const since = new Date("2026-11-29T10:00:00Z");
  const at = (minutes: number) => new Date(since.getTime() + minutes * MINUTE);
  const schedules = new Map<string, RegisteredSchedule>([
    ["overview-sweep", { cron: "* * * * *", since }],
    ["payroll-reference-lists", { cron: "41 3 * * *", since }],
  ]);

  it("are none while each ran within twice its period", () => {
    expect(lateSchedules(schedules, new Map([["overview-sweep", at(9)]]), at(10.5))).toEqual([]);
  });

  it("name the schedule, how long ago it ran and how often it should", () => {
    expect(lateSchedules(schedules, new Map([["overview-sweep", at(7)]]), at(10))).toEqual([
      "schedule overview-sweep last ran 3 min ago (every 1 min)",
    ]);
  });

  it("count a schedule not yet due since it was registered as on time, whatever its last run", () => {
    // The daily run is first due at 03:41 tomorrow; its last run (another process's) was days ago.
    const lastRuns = new Map([
      ["overview-sweep", at(9.5)],
      ["payroll-reference-lists", new Date(since.getTime() - 5 * DAY)],
    ]);
    expect(lateSchedules(schedules, lastRuns, at(10))).toEqual([]);
    expect(lateSchedules(schedules, new Map(), at(1.5))).toEqual([]);
  });

  it("say so when a due schedule never ran", () => {
    expect(lateSchedules(schedules, new Map(), at(3))).toEqual([
      "schedule overview-sweep has not run in the 3 min since it was registered (every 1 min)",
    ]);
    expect(lateSchedules(schedules, new Map([["overview-sweep", at(3 * 24 * 60)]]), at(3 * 24 * 60))).toEqual([
      "schedule payroll-reference-lists has not run in the 3 days since it was registered (every 24 h)",
    ]);
  });

  it("speak durations as an operator reads them", () => {
    expect([45_000, 90_000, 3 * MINUTE, 5 * HOUR, 3 * DAY].map(spoken)).toEqual([
      "45 s",
      "2 min",
      "3 min",
      "5 h",
      "3 days",
    ]);
  });
});
