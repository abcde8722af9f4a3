import "server-only";
import { now } from "@/lib/clock";
import { berlinToday } from "@/lib/dates/berlin";
import { addDays, daysInRange } from "@/lib/dates/calendar";
import { getDb } from "@/lib/db/client";
import { monthDeadlines, type Land } from "@/features/deadlines/deadlines";
import {
  MONTH_STATES,
  NOT_SUBMITTED_STATES,
  notSubmitted,
  type MonthState,
} from "@/features/payroll/month-lock/states";
import { deadlinesCache, settingsOf } from "./deadline-settings";

/**
 * The firm's own figures for the metrics (lib/composition/metrics.ts; computed where jobs run, on
 * the worker, so several web processes do not each count), over the companies of connected payroll
 * connections, by the same deadline settings the reminders use (./deadline-settings.ts):
 * - the months of each state (the months with a month-close row);
 * - the months past their cut-off not yet submitted by the firm (Open or Handed in: each company's
 *   current month, rowless or not, and every other month in those states);
 * - the days from today (Europe/Berlin) to the nearest last day to send a contribution statement,
 *   over the Lands of the companies (national holidays only when there are none).
 */

export interface FirmFigures {
  monthsByState: Record<MonthState, number>;
  monthsPastCutOff: number;
  daysToNextContributionStatement: number;
}

interface OpenMonthRow {
  connection_id: string;
  company_id: number;
  period: string;
  state: MonthState | null;
}

export async function firmFigures(today: string = berlinToday(now())): Promise<FirmFigures> {
  const db = getDb();
  const [stateRows, openRows] = await Promise.all([
    db.$queryRaw<{ state: MonthState; months: number }[]>`
      SELECT mc.state::text AS state, count(*)::int AS months FROM month_closes mc
      JOIN payroll_connections conn ON conn.id = mc.connection_id AND conn.disconnected_at IS NULL
      GROUP BY mc.state`,
    db.$queryRaw<OpenMonthRow[]>`
      SELECT c.connection_id::text, c.company_id, c.current_month AS period, mc.state::text AS state
      FROM payroll_companies c
      JOIN payroll_connections conn ON conn.id = c.connection_id AND conn.disconnected_at IS NULL
      LEFT JOIN month_closes mc
        ON mc.connection_id = c.connection_id AND mc.company_id = c.company_id AND mc.period = c.current_month
      UNION
      SELECT mc.connection_id::text, mc.company_id, mc.period, mc.state::text AS state FROM month_closes mc
      JOIN payroll_connections conn ON conn.id = mc.connection_id AND conn.disconnected_at IS NULL
      WHERE mc.state::text = ANY(${[...NOT_SUBMITTED_STATES]}::text[])`,
  ]);
  const monthsByState = Object.fromEntries(MONTH_STATES.map((state) => [state, 0])) as Record<MonthState, number>;
  for (const row of stateRows) if (row.state in monthsByState) monthsByState[row.state] = row.months;

  const settings = await settingsOf(
    openRows.map((row) => ({ connectionId: row.connection_id, companyId: row.company_id })),
  );
  const deadlinesOf = deadlinesCache();
  const lands = new Set<Land | null>();
  let monthsPastCutOff = 0;
  for (const row of openRows) {
    const companySettings = settings(row.connection_id, row.company_id);
    lands.add(companySettings.land);
    if (notSubmitted(row.state ?? "open") && today > deadlinesOf(companySettings, row.period).cut_off)
      monthsPastCutOff += 1;
  }
  return { monthsByState, monthsPastCutOff, daysToNextContributionStatement: daysToNextStatement(today, lands) };
}

/** Calendar days from `today` to the nearest statement's last day on or after it, over `lands` (0: today). */
export function daysToNextStatement(today: string, lands: ReadonlySet<Land | null>): number {
  const thisMonth = today.slice(0, 7);
  const nextMonth = addDays(`${thisMonth}-28`, 7).slice(0, 7);
  let nearest = Number.POSITIVE_INFINITY;
  for (const land of lands.size ? lands : new Set([null])) {
    const statement = [thisMonth, nextMonth]
      .map((period) => monthDeadlines(period, land).statementLastDay)
      .find((day) => day >= today)!;
    nearest = Math.min(nearest, daysInRange({ from: today, to: statement }) - 1);
  }
  return nearest;
}
