import Holidays from "date-holidays";
import type { FederalState } from "./federal-states";

/**
 * Public holidays of a Land from the maintained library date-holidays (not a table of our own).
 *
 * Not imported by the checks engine (index.ts): the library ships every country's rules and
 * moment-timezone, about 240 KB gzipped, which the grid page must not load. The engine takes the
 * period's holidays as input instead; the server computes them here and hands them to the page
 * (a dozen dates), or a browser imports this module dynamically when it needs them
 * (`needsPublicHolidays`, ./measures.ts).
 *
 * A day counts when it is a public holiday in the whole Land or in part of it (date-holidays'
 * regions): Mariä Himmelfahrt in Bavaria's mostly Catholic communities and the Augsburger
 * Friedensfest in Augsburg, Fronleichnam in parts of Saxony and Thuringia. A holiday surcharge
 * there is right for the companies in that part, so it gets no warning anywhere in the Land.
 */

const cache = new Map<string, ReadonlySet<string>>();

function publicDays(holidays: Holidays, year: number, into: Set<string>): void {
  for (const holiday of holidays.getHolidays(year)) if (holiday.type === "public") into.add(holiday.date.slice(0, 10));
}

/** The Land's public holidays of a year as `YYYY-MM-DD`, computed once per Land and year. */
export function publicHolidays(state: FederalState, year: number): ReadonlySet<string> {
  const key = `${state}:${year}`;
  const known = cache.get(key);
  if (known) return known;
  const days = new Set<string>();
  publicDays(new Holidays("DE", state), year, days);
  for (const region of Object.keys(new Holidays().getRegions("DE", state) ?? {}))
    publicDays(new Holidays("DE", state, region), year, days);
  cache.set(key, days);
  return days;
}

/** The Land's public holidays within a payroll month `YYYY-MM`, ascending: the checks' `publicHolidays` input. */
export function publicHolidaysIn(state: FederalState, period: string): string[] {
  return [...publicHolidays(state, Number(period.slice(0, 4)))].filter((day) => day.startsWith(`${period}-`)).sort();
}
