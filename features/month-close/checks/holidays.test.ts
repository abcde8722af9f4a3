import { describe, expect, it } from "vitest";
import { FEDERAL_STATES, type FederalState } from "./federal-states";
import { publicHolidays, publicHolidaysIn } from "./holidays";
import { needsPublicHolidays } from "./measures";

// The public holidays of 2026 as the Länder's holiday laws list them, written out by hand and
// compared with what date-holidays computes. Days public in part of a Land count (holidays.ts).
const EVERYWHERE = ["01-01", "04-03", "04-06", "05-01", "05-14", "05-25", "10-03", "12-25", "12-26"];
const EXTRA: Record<FederalState, string[]> = {
  BW: ["01-06", "06-04", "11-01"],
  // Mariä Himmelfahrt in the mostly Catholic communities, the Friedensfest in Augsburg
  BY: ["01-06", "06-04", "08-08", "08-15", "11-01"],
  BE: ["03-08"],
  // Brandenburg lists Easter Sunday and Whit Sunday as holidays of their own
  BB: ["04-05", "05-24", "10-31"],
  HB: ["10-31"],
  HH: ["10-31"],
  HE: ["06-04"],
  MV: ["03-08", "10-31"],
  NI: ["10-31"],
  NW: ["06-04", "11-01"],
  RP: ["06-04", "11-01"],
  SL: ["06-04", "08-15", "11-01"],
  // Fronleichnam in Catholic communities of the Landkreis Bautzen; Buß- und Bettag only here
  SN: ["06-04", "10-31", "11-18"],
  ST: ["01-06", "10-31"],
  SH: ["10-31"],
  // Fronleichnam in the Eichsfeld and parts of Unstrut-Hainich and Wartburg; Weltkindertag since 2019
  TH: ["06-04", "09-20", "10-31"],
};

describe("public holidays (date-holidays)", () => {
  it.each(FEDERAL_STATES)("of %s in 2026 are the ones its law lists", (state) => {
    const expected = [...EVERYWHERE, ...EXTRA[state]].map((day) => `2026-${day}`).sort();
    expect([...publicHolidays(state, 2026)].sort()).toEqual(expected);
  });

  it("agrees on the tricky days", () => {
    const statesWith = (day: string) => FEDERAL_STATES.filter((state) => publicHolidays(state, 2026).has(day));
    expect(statesWith("2026-06-04")).toEqual(["BW", "BY", "HE", "NW", "RP", "SL", "SN", "TH"]); // Fronleichnam
    expect(statesWith("2026-10-31")).toEqual(["BB", "HB", "HH", "MV", "NI", "SN", "ST", "SH", "TH"]); // Reformationstag
    expect(statesWith("2026-11-18")).toEqual(["SN"]); // Buß- und Bettag
    expect(statesWith("2026-08-15")).toEqual(["BY", "SL"]); // Mariä Himmelfahrt
    expect(statesWith("2026-03-08")).toEqual(["BE", "MV"]); // Internationaler Frauentag
    expect(statesWith("2026-09-20")).toEqual(["TH"]); // Weltkindertag
  });

  it("moves with the year (Easter) and gives a period's days in order", () => {
    expect(publicHolidays("BW", 2027).has("2027-03-26")).toBe(true); // Karfreitag 2027
    expect(publicHolidays("BW", 2027).has("2026-04-03")).toBe(false);
    expect(publicHolidaysIn("SN", "2026-11")).toEqual(["2026-11-18"]);
    expect(publicHolidaysIn("BY", "2026-11")).toEqual(["2026-11-01"]);
    expect(publicHolidaysIn("HB", "2026-12")).toEqual(["2026-12-25", "2026-12-26"]);
    expect(publicHolidaysIn("HB", "2026-07")).toEqual([]);
  });

  it("is needed by the checks only when a holiday surcharge line exists", () => {
    const line = (type: string) => ({ id: type, employee_id: 1, values: { type } });
    expect(needsPublicHolidays([line("HOURLY_WAGE"), line("SUNDAY_PREMIUM")])).toBe(false);
    expect(needsPublicHolidays([line("HOURLY_WAGE"), line("HOLIDAY_SURCHARGE_125")])).toBe(true);
  });
});
