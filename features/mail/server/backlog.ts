import "server-only";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { backlogFigures, backlogOutcome, lateBefore, type BacklogFigures } from "@/lib/health/backlog";
import type { CheckOutcome } from "@/lib/health/checks";
import { smtpConfigured } from "./transport";

/**
 * The outbox's readiness check (`/api/ready` where jobs run; lib/health/backlog.ts): the messages
 * due long ago and still unsent, as the senders see them due (not given up, no sender's lease).
 * Without SMTP_URL the process sends no mail (./jobs.ts), so the outbox's backlog is not its own.
 */
export async function outboxBacklog(): Promise<CheckOutcome> {
  if (!smtpConfigured()) return "ok";
  const [row] = await getDb().$queryRaw<{ late: number }[]>`
    SELECT count(*)::int AS late FROM mail_outbox
    WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${lateBefore()}
      AND (locked_until IS NULL OR locked_until <= ${now()})`;
  return backlogOutcome(row?.late ?? 0, "mail outbox messages");
}

/** The outbox as metrics report it (lib/metrics, where jobs run): the messages due now, as the senders see them, and the oldest's wait. */
export async function outboxFigures(): Promise<BacklogFigures> {
  const [row] = await getDb().$queryRaw<{ due: number; oldest: Date | null }[]>`
    SELECT count(*)::int AS due, min(next_attempt_at) AS oldest FROM mail_outbox
    WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now()}
      AND (locked_until IS NULL OR locked_until <= ${now()})`;
  return backlogFigures(row);
}
