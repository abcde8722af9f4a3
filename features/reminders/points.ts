import { z } from "zod";
import { addBankWorkingDays, bankWorkingDaysBetween, type IsoDate, type Land } from "@/features/deadlines/deadlines";
import { reminderDaysProblem } from "./days";

/**
 * Reminder points: how many bank working days before a deadline the clerks are reminded (issue
 * #27: by default 5, 2 and 0 before the firm's cut-off and before the contribution statement's
 * last day to send). A workspace's owner may choose others (/settings/workspace). Pure.
 */

/** The setting as the route takes it (a problem's name as the field's message: ./days.ts); kept largest first. */
export const reminderSettingsSchema = z.object({
  days: z
    .array(z.number())
    .superRefine((days, context) => {
      const problem = reminderDaysProblem(days);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform((days) => [...days].sort((a, b) => b - a)),
});

export type DeadlineKind = "cut_off" | "statement";

/**
 * The point to remind of today, for a deadline: the nearest point whose day (so many bank working
 * days before the deadline) has come, as long as the deadline has not passed; null when none is
 * due. A run that missed a point's day (the app was down) still sends the latest point passed,
 * once (its dedupe key names the point); earlier points are not sent late.
 */
export function duePoint(
  today: IsoDate,
  deadline: IsoDate,
  points: readonly number[],
  land: Land | null,
): number | null {
  if (today > deadline) return null;
  let due: { point: number; day: IsoDate } | null = null;
  for (const point of points) {
    const day = addBankWorkingDays(deadline, -point, land);
    if (day > today) continue;
    if (!due || day > due.day || (day === due.day && point < due.point)) due = { point, day };
  }
  return due?.point ?? null;
}

/** Bank working days from today to the deadline (0 on its day), for the reminder's text. */
export function bankDaysLeft(today: IsoDate, deadline: IsoDate, land: Land | null): number {
  return Math.max(0, bankWorkingDaysBetween(today, deadline, land));
}
