import { describe, expect, it } from "vitest";
import {
  addDays,
  dateOnly,
  dayInMonth,
  daysInMonth,
  daysInRange,
  isIsoDate,
  isMonthEnd,
  isoDay,
  localToday,
  monthIndex,
  shiftMonths,
  sundaysOf,
  toIsoDate,
  weekday,
} from "./calendar";

describe("calendar arithmetic", () => {
  it("agrees with Date on every day from 2020 to 2030", () => {
    for (let time = Date.UTC(2020, 0, 1); time <= Date.UTC(2030, 11, 31); time += 86_400_000) {
      const date = new Date(time);
      const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
      expect(weekday(year, month, day)).toBe(date.getUTCDay());
      expect(daysInMonth(year, month)).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
    }
  });

  it("lists a month's Sundays", () => {
    expect([...sundaysOf("2026-11")]).toEqual(["2026-11-01", "2026-11-08", "2026-11-15", "2026-11-22", "2026-11-29"]);
    expect([...sundaysOf("2028-02")]).toEqual(["2028-02-06", "2028-02-13", "2028-02-20", "2028-02-27"]);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });
});

describe("ISO days", () => {
  it("accepts only real calendar dates", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2024-02-29")).toBe(true);
    for (const bad of [
      "2026-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-1-01",
      "26-01-01",
      "2026-01-01T00:00",
      "",
      "0999-01-01",
      "2100-02-29",
    ])
      expect(isIsoDate(bad)).toBe(false);
  });

  it("reads the service's date-times as days", () => {
    expect(dateOnly("2015-01-01T00:00:00")).toBe("2015-01-01");
    expect(dateOnly(" 2016-12-31 ")).toBe("2016-12-31");
    expect(dateOnly("2016-02-30T00:00:00")).toBeNull();
    expect(dateOnly("")).toBeNull();
    expect(dateOnly(null)).toBeNull();
  });

  it("counts days across months, years and a leap day, in UTC", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysInRange({ from: "2026-03-01", to: "2026-03-31" })).toBe(31);
    expect(isoDay(2026, 13, 1)).toBe("2027-01-01");
    expect(isoDay(2026, 3, 0)).toBe("2026-02-28");
    expect(toIsoDate(new Date("2026-11-30T23:59:59Z"))).toBe("2026-11-30");
    expect(localToday(new Date(2026, 10, 30, 23, 30))).toBe("2026-11-30");
  });
});

describe("months", () => {
  it("shifts by months, the 31st becoming a shorter month's last day", () => {
    expect(shiftMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(shiftMonths("2026-01-15", 13)).toBe("2027-02-15");
    expect(shiftMonths("2026-02-28", -12, true)).toBe("2025-02-28");
    expect(shiftMonths("2025-02-28", 12, true)).toBe("2026-02-28");
    expect(shiftMonths("2023-02-28", 12, true)).toBe("2024-02-29");
    expect(isMonthEnd("2024-02-29")).toBe(true);
    expect(isMonthEnd("2024-02-28")).toBe(false);
  });

  it("puts a day into a month, clamped to its last day", () => {
    expect(dayInMonth("2026-11", 31)).toBe("2026-11-30");
    expect(dayInMonth("2028-02", 30)).toBe("2028-02-29");
    expect(dayInMonth("2026-11", 5)).toBe("2026-11-05");
  });

  it("counts months as integers", () => {
    expect(monthIndex("2026-11-15") - monthIndex("2025-12")).toBe(11);
  });
});
