/**
 * A workspace's reminder points as people type them ("5, 2, 0"): bank working days before a
 * deadline. Browser-safe and without zod (the settings form checks with it; the route's schema in
 * ./points.ts says the same).
 */

export const DEFAULT_REMINDER_DAYS: readonly number[] = [5, 2, 0];
export const REMINDER_DAYS_LIMITS = { min: 0, max: 20, count: 6 } as const;

export type ReminderDaysProblem = "whole" | "range" | "tooMany" | "duplicate";

/** "5, 2,0" → numbers (NaN for a part that is not a whole number). */
export function parseReminderDays(text: string): number[] {
  return text
    .split(/[,;\s]+/)
    .filter((part) => part !== "")
    .map((part) => (/^-?\d+$/.test(part) ? Number(part) : Number.NaN));
}

/** What is wrong with the points, or null. */
export function reminderDaysProblem(days: readonly number[]): ReminderDaysProblem | null {
  if (days.some((day) => !Number.isInteger(day))) return "whole";
  if (days.some((day) => day < REMINDER_DAYS_LIMITS.min || day > REMINDER_DAYS_LIMITS.max)) return "range";
  if (days.length > REMINDER_DAYS_LIMITS.count) return "tooMany";
  if (new Set(days).size !== days.length) return "duplicate";
  return null;
}
