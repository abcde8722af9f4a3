/**
 * How often a cron schedule fires: the longest gap between two of its fire times. Readiness
 * (lib/jobs/schedule-runs.ts) calls a schedule late when it has not run within twice that. Pure,
 * and small on purpose: the five fields of pg-boss's crons (numbers, `*`, ranges, lists, steps),
 * read on UTC minutes (a time zone moves the fire times, not their gaps, DST's one hour aside).
 */

const FIELDS = [
  { min: 0, max: 59 }, // minute
  { min: 0, max: 23 }, // hour
  { min: 1, max: 31 }, // day of the month
  { min: 1, max: 12 }, // month
  { min: 0, max: 7 }, // day of the week, 0 and 7 both Sunday
] as const;

const MINUTE_MS = 60_000;
/** Long enough to see a weekly schedule fire twice; a monthly one is counted as 31 days. */
const WINDOW_MINUTES = 15 * 24 * 60;
const MONTH_MS = 31 * 24 * 60 * MINUTE_MS;

function parseField(text: string, { min, max }: { min: number; max: number }, cron: string): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`Cannot read the cron field "${part}" of "${cron}".`);
    const [, , from, to, step] = match;
    const start = from === undefined ? min : Number(from);
    const end = from === undefined ? max : to === undefined ? (step === undefined ? start : max) : Number(to);
    const by = step === undefined ? 1 : Number(step);
    if (start < min || end > max || start > end || by < 1)
      throw new Error(`The cron field "${part}" of "${cron}" is out of range.`);
    for (let value = start; value <= end; value += by) values.add(value);
  }
  return values;
}

function matcher(cron: string): (at: Date) => boolean {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`A cron has five fields: "${cron}".`);
  const [minutes, hours, days, months, weekdays] = parts.map((part, index) => parseField(part, FIELDS[index]!, cron));
  if (weekdays!.has(7)) weekdays!.add(0);
  const dayAny = parts[2] === "*";
  const weekdayAny = parts[4] === "*";
  return (at) => {
    if (!minutes!.has(at.getUTCMinutes()) || !hours!.has(at.getUTCHours()) || !months!.has(at.getUTCMonth() + 1))
      return false;
    const day = days!.has(at.getUTCDate());
    const weekday = weekdays!.has(at.getUTCDay());
    // Cron's rule: when both day fields are restricted, either one matching is enough.
    return dayAny || weekdayAny ? day && weekday : day || weekday;
  };
}

const periods = new Map<string, number>();

/** The longest gap between consecutive fire times of `cron`, in ms (cached per cron). */
export function cronPeriodMs(cron: string): number {
  const known = periods.get(cron);
  if (known !== undefined) return known;
  const fires = matcher(cron);
  // A fixed start (a Monday, 1 January 2024) keeps the answer the same whenever it is asked.
  const start = Date.UTC(2024, 0, 1);
  let previous: number | undefined;
  let longest = 0;
  for (let minute = 0; minute < WINDOW_MINUTES; minute += 1) {
    const at = start + minute * MINUTE_MS;
    if (!fires(new Date(at))) continue;
    if (previous !== undefined) longest = Math.max(longest, at - previous);
    previous = at;
  }
  const period = longest === 0 ? MONTH_MS : longest;
  periods.set(cron, period);
  return period;
}
