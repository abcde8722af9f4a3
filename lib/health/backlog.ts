import "server-only";
import { now } from "@/lib/clock";
import { serverEnv } from "@/lib/env/server";
import type { CheckOutcome } from "./checks";

/**
 * The rule for a backlog's readiness check (the mail outbox's, the webhook deliveries'; each
 * feature counts its own rows): a row due for more than READY_BACKLOG_MINUTES is late, since a
 * running worker takes a due row within seconds; more than READY_BACKLOG_ROWS late rows mean the
 * jobs do not keep up, and the process running them is not ready.
 */
export function lateBefore(): Date {
  return new Date(now().getTime() - serverEnv().READY_BACKLOG_MINUTES * 60_000);
}

/** "ok", or e.g. "12 mail outbox messages due for over 10 min (at most 10)". */
export function backlogOutcome(late: number, what: string): CheckOutcome {
  const { READY_BACKLOG_MINUTES: minutes, READY_BACKLOG_ROWS: rows } = serverEnv();
  return late > rows ? `${late} ${what} due for over ${minutes} min (at most ${rows})` : "ok";
}

/** A backlog as metrics report it: the rows due now and how long the oldest has been due (0: none). */
export interface BacklogFigures {
  due: number;
  oldestDueSeconds: number;
}

/** The figures of a count and the oldest row's due time, at the app's `now`. */
export function backlogFigures(row: { due: number; oldest: Date | null } | undefined): BacklogFigures {
  const oldest = row?.oldest;
  return {
    due: row?.due ?? 0,
    oldestDueSeconds: oldest ? Math.max(0, (now().getTime() - oldest.getTime()) / 1000) : 0,
  };
}
