import Holidays from "date-holidays";
import { addDays, dayInMonth, daysInMonth, isoDay, weekday } from "@/lib/dates/calendar";

/**
 * The statutory payroll deadlines of a month and the firm's cut-off, per Land. Pure (no I/O):
 * the Land's public holidays come from the maintained library date-holidays.
 *
 * - A **bank working day** is Monday to Friday, not a public holiday of the whole Land (national
 *   ones included; with no Land, national ones only), and not 24.12 or 31.12 (§ 23 (1) SGB IV
 *   counts by the banks' days, and banks close on those two). Holidays of only part of a Land
 *   (Fronleichnam in parts of Saxony and Thuringia, Mariä Himmelfahrt in Bavaria's Catholic
 *   communities, Augsburg's Friedensfest) do not count: the insurers publish one set of dates
 *   per Land, and their seats lie outside those parts.
 * - `contributionsDue`: the third-last bank working day of the month (§ 23 (1) SGB IV).
 * - `contributionStatement`: the statement must be with the insurer at 0:00 of the second bank
 *   working day before that (the fifth-last, § 28f (3) SGB IV); `statementLastDay` is the calendar
 *   day before, the last day to send it.
 * - `wageTaxReturn`: the 10th of the next month (§ 41a (1) EStG), moved to the next working day
 *   when it is a Saturday, Sunday or a public holiday of the Land (§ 108 (3) AO; 24.12 and 31.12
 *   are working days there, and the 10th is neither anyway).
 */

export const LANDS = ["BW", "BY", "BE", "BB", "HB", "HH", "HE", "MV", "NI", "NW", "RP", "SL", "SN", "ST", "SH", "TH"] as const;
export type Land = (typeof LANDS)[number];
/** A calendar day `YYYY-MM-DD`. */
export type IsoDate = string;

export interface MonthDeadlines {
  /** The payroll month `YYYY-MM`. */
  period: string;
  /** The day at whose 0:00 the statement must be with the insurer. */
  contributionStatement: IsoDate;
  /** The last day to send the statement: the calendar day before `contributionStatement`. */
  statementLastDay: IsoDate;
  /** The third-last bank working day of the month. */
  contributionsDue: IsoDate;
  /** The 10th of the next month, or the next working day. */
  wageTaxReturn: IsoDate;
}

/**
 * The firm's cut-off for its clients' data of a month:
 * - `day_of_month`: that day of the payroll month (the month's last day when it is shorter); when
 *   it is not a bank working day, the bank working day before it (people are there to receive the
 *   data on bank working days, and earlier is the safe side of a deadline). Never after the
 *   statement's last day to send: a later day is moved back to it.
 * - `bank_days_before_statement`: `days` bank working days before the statement's last day to
 *   send (0: that day itself).
 */
export type CutOffRule = { kind: "day_of_month"; day: number } | { kind: "bank_days_before_statement"; days: number };

/** Three bank working days before the statement's last day: room for one round of questions to the client. */
export const DEFAULT_CUT_OFF_RULE: CutOffRule = { kind: "bank_days_before_statement", days: 3 };

/** Limits of a cut-off rule's number, shared by the settings' schema. */
export const CUT_OFF_LIMITS = { day: { min: 1, max: 31 }, days: { min: 0, max: 15 } } as const;

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

function parsePeriod(period: string): { year: number; month: number } {
  const match = PERIOD.exec(period);
  if (!match) throw new RangeError(`not a month YYYY-MM: ${period}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

const holidayCache = new Map<string, ReadonlySet<IsoDate>>();

/** The public holidays of the whole Land (with no Land: the national ones) of a year. */
export function publicHolidaysOf(land: Land | null, year: number): ReadonlySet<IsoDate> {
  const key = `${land ?? "DE"}:${year}`;
  const known = holidayCache.get(key);
  if (known) return known;
  const holidays = land ? new Holidays("DE", land) : new Holidays("DE");
  const days = new Set<IsoDate>();
  for (const holiday of holidays.getHolidays(year)) if (holiday.type === "public") days.add(holiday.date.slice(0, 10));
  holidayCache.set(key, days);
  return days;
}

function isWeekend(date: IsoDate): boolean {
  const day = weekday(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
  return day === 0 || day === 6;
}

function isPublicHoliday(date: IsoDate, land: Land | null): boolean {
  return publicHolidaysOf(land, Number(date.slice(0, 4))).has(date);
}

/** A working day in the sense of § 108 (3) AO: not a Saturday, Sunday or public holiday of the Land. */
export function isWorkingDay(date: IsoDate, land: Land | null): boolean {
  return !isWeekend(date) && !isPublicHoliday(date, land);
}

/** A bank working day: a working day that is not 24.12 or 31.12. */
export function isBankWorkingDay(date: IsoDate, land: Land | null): boolean {
  const monthDay = date.slice(5);
  return monthDay !== "12-24" && monthDay !== "12-31" && isWorkingDay(date, land);
}

/** `n` bank working days after `date` (before it when `n` < 0); `date` itself when `n` is 0, whatever day it is. */
export function addBankWorkingDays(date: IsoDate, n: number, land: Land | null): IsoDate {
  const step = n < 0 ? -1 : 1;
  let day = date;
  for (let left = Math.abs(n); left > 0;) {
    day = addDays(day, step);
    if (isBankWorkingDay(day, land)) left -= 1;
  }
  return day;
}

/** The bank working days after `from` up to and including `to`; negative when `to` is before `from`. */
export function bankWorkingDaysBetween(from: IsoDate, to: IsoDate, land: Land | null): number {
  if (to < from) return -bankWorkingDaysBetween(to, from, land);
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBankWorkingDay(day, land)) count += 1;
  return count;
}

/** The `nth` last bank working day of a month (1: the last). */
function nthLastBankWorkingDay(year: number, month: number, nth: number, land: Land | null): IsoDate {
  const last = isoDay(year, month, daysInMonth(year, month));
  const end = isBankWorkingDay(last, land) ? last : addBankWorkingDays(last, -1, land);
  return addBankWorkingDays(end, -(nth - 1), land);
}

function nextWorkingDay(date: IsoDate, land: Land | null): IsoDate {
  let day = date;
  while (!isWorkingDay(day, land)) day = addDays(day, 1);
  return day;
}

/** The month's three statutory deadlines (and the statement's last day to send) in a Land; `null`: national holidays only. */
export function monthDeadlines(period: string, land: Land | null): MonthDeadlines {
  const { year, month } = parsePeriod(period);
  const contributionsDue = nthLastBankWorkingDay(year, month, 3, land);
  const contributionStatement = addBankWorkingDays(contributionsDue, -2, land);
  return {
    period,
    contributionStatement,
    statementLastDay: addDays(contributionStatement, -1),
    contributionsDue,
    wageTaxReturn: nextWorkingDay(isoDay(year, month + 1, 10), land),
  };
}

/** The firm's cut-off for a month's data under a rule (see `CutOffRule`). */
export function cutOffDate(period: string, land: Land | null, rule: CutOffRule): IsoDate {
  const { statementLastDay } = monthDeadlines(period, land);
  if (rule.kind === "bank_days_before_statement") return addBankWorkingDays(statementLastDay, -rule.days, land);
  const chosen = dayInMonth(period, rule.day);
  const day = isBankWorkingDay(chosen, land) ? chosen : addBankWorkingDays(chosen, -1, land);
  return day < statementLastDay ? day : statementLastDay;
}
