import "server-only";
import { getDb } from "@/lib/db/client";
import { DEFAULT_REMINDER_DAYS } from "../days";
import { bankDaysLeft, duePoint, type DeadlineKind } from "../points";
import { deadlinesCache, settingsOf } from "./deadline-settings";
import { notSubmitted, type MonthState, type StatesWhere } from "@/features/payroll/month-lock/states";

/** The reminders due today (./run.ts): each company's months, deadlines and the point due, then only months still open. */

interface CompanyRow {
  connection_id: string;
  company_id: number;
  name1: string;
  current_month: string;
  workspace_id: string;
  days: number[] | null;
}

export interface DueReminder {
  workspaceId: string;
  connectionId: string;
  companyId: number;
  companyName: string;
  period: string;
  deadlineKind: DeadlineKind;
  deadline: string;
  point: number;
  daysLeft: number;
}

const DEADLINE_KINDS: DeadlineKind[] = ["cut_off", "statement"];

/**
 * What is due today, before the months' states and the people are looked at: per company and month
 * one reminder at most, of the nearer deadline (the cut-off comes before the statement's last day;
 * when both have a point today, e.g. 2 before the cut-off and 5 before the statement, the cut-off's
 * says what matters). The choice is the same on every run of the day, so a re-run adds nothing.
 */
export async function dueToday(today: string): Promise<DueReminder[]> {
  const rows = await getDb().$queryRaw<CompanyRow[]>`
    SELECT c.connection_id::text, c.company_id, c.name1, c.current_month, conn.workspace_id::text, rs.days
    FROM payroll_companies c
    JOIN payroll_connections conn ON conn.id = c.connection_id AND conn.disconnected_at IS NULL
    LEFT JOIN reminder_settings rs ON rs.workspace_id = conn.workspace_id`;
  const settings = await settingsOf(
    rows.map((row) => ({ connectionId: row.connection_id, companyId: row.company_id })),
  );
  const deadlinesOf = deadlinesCache();
  const due: DueReminder[] = [];
  for (const row of rows) {
    const companySettings = settings(row.connection_id, row.company_id);
    const land = companySettings.land;
    const points = row.days ?? DEFAULT_REMINDER_DAYS;
    for (const period of new Set([today.slice(0, 7), row.current_month])) {
      const deadlines = deadlinesOf(companySettings, period);
      const nearest = DEADLINE_KINDS.map((deadlineKind) => ({ deadlineKind, deadline: deadlines[deadlineKind] }))
        .map((entry) => ({ ...entry, point: duePoint(today, entry.deadline, points, land) }))
        .filter((entry): entry is typeof entry & { point: number } => entry.point !== null)
        .sort((a, b) => a.deadline.localeCompare(b.deadline))[0];
      if (nearest) {
        const { deadlineKind, deadline, point } = nearest;
        due.push({
          workspaceId: row.workspace_id,
          connectionId: row.connection_id,
          companyId: row.company_id,
          companyName: row.name1,
          period,
          deadlineKind,
          deadline,
          point,
          daysLeft: bankDaysLeft(today, deadline, land),
        });
      }
    }
  }
  return due;
}

/** A month not yet submitted by the firm: Open (its client may still enter it) or Handed in (the client's part done). */
export type NotSubmitted = DueReminder & { state: StatesWhere<"notSubmitted"> };

/**
 * Leaves out months submitted for review or further on (in review, approved, transferring,
 * transferred, …). A month its client handed in is not yet submitted by the firm: it stays, with
 * its state (the client is reminded only of months still Open, ./clients.ts).
 */
export async function stillOpen(due: DueReminder[]): Promise<NotSubmitted[]> {
  if (due.length === 0) return [];
  const rows = await getDb().$queryRaw<{ connection_id: string; company_id: number; period: string; state: string }[]>`
    SELECT m.connection_id::text, m.company_id, m.period, m.state::text
    FROM month_closes m
    JOIN unnest(${due.map((d) => d.connectionId)}::uuid[], ${due.map((d) => d.companyId)}::int[], ${due.map((d) => d.period)}::text[])
      AS wanted(connection_id, company_id, period)
      ON m.connection_id = wanted.connection_id AND m.company_id = wanted.company_id AND m.period = wanted.period`;
  const states = new Map(rows.map((row) => [`${row.connection_id}:${row.company_id}:${row.period}`, row.state]));
  return due.flatMap((d) => {
    const state = (states.get(`${d.connectionId}:${d.companyId}:${d.period}`) ?? "open") as MonthState;
    return notSubmitted(state) ? [{ ...d, state }] : [];
  });
}
