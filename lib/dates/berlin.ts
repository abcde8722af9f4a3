/**
 * Europe/Berlin, the payroll service's day and the audit trail's times: today there, and the
 * instants a Berlin day begins and ends (summer time included). Pure and browser-safe.
 */

import { addDays } from "./calendar";

let berlinDay: Intl.DateTimeFormat | undefined;

/** Today in Europe/Berlin as `YYYY-MM-DD`. */
export function berlinToday(now: Date = new Date()): string {
  berlinDay ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return berlinDay.format(now);
}

/** Minutes Europe/Berlin is ahead of UTC at an instant. */
function berlinOffsetMinutes(at: Date): number {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", timeZoneName: "shortOffset" })
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name);
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** The instant a Berlin day (`YYYY-MM-DD`) begins. */
export function berlinDayStart(day: string): Date {
  const utc = Date.parse(`${day}T00:00:00Z`);
  const first = utc - berlinOffsetMinutes(new Date(utc)) * 60_000;
  return new Date(utc - berlinOffsetMinutes(new Date(first)) * 60_000);
}

/** The instant after a Berlin day ends. */
export function berlinDayEnd(day: string): Date {
  return berlinDayStart(addDays(day, 1));
}
