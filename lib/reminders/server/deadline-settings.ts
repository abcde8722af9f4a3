import "server-only";
import { cutOffDate, DEFAULT_CUT_OFF_RULE, LANDS, monthDeadlines, type IsoDate, type Land } from "@/lib/deadlines/deadlines";

/**
 * A company's two reminder deadlines for a month: the firm's cut-off and the contribution
 * statement's last day to send, in the company's Land (its check settings' federal state; none:
 * national holidays only). Computed once per month and Land in a run.
 */
export interface ReminderDeadlines {
  cut_off: IsoDate;
  statement: IsoDate;
}

export function landOf(federalState: string | null): Land | null {
  return federalState && (LANDS as readonly string[]).includes(federalState) ? (federalState as Land) : null;
}

export function deadlinesCache(): (period: string, land: Land | null) => ReminderDeadlines {
  const cache = new Map<string, ReminderDeadlines>();
  return (period, land) => {
    const key = `${period}:${land ?? "-"}`;
    let deadlines = cache.get(key);
    if (!deadlines) {
      deadlines = { cut_off: cutOffDate(period, land, DEFAULT_CUT_OFF_RULE), statement: monthDeadlines(period, land).statementLastDay };
      cache.set(key, deadlines);
    }
    return deadlines;
  };
}
