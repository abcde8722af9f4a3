import { describe, expect, it } from "vitest";
import { daysInMonth, sundaysOf, weekday } from "./calendar";

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
