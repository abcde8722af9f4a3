import "server-only";
import { getDb } from "@/lib/db/client";
import type { IsoDate, Land } from "@/features/deadlines/deadlines";
import {
  companyDeadlineSettings,
  companyMonthDeadlines,
  type CompanyDeadlineSettings,
} from "@/features/deadlines/server/company-deadlines";

/**
 * A company's two reminder deadlines for a month: the firm's cut-off and the contribution
 * statement's last day to send, under the company's deadline settings (features/deadlines: its Land,
 * its or the workspace's cut-off rule). Computed once per month, Land and rule in a run.
 */
export interface ReminderDeadlines {
  cut_off: IsoDate;
  statement: IsoDate;
  land: Land | null;
}

/** Each company's deadline settings, read per connection (one round of queries each). */
export async function settingsOf(
  companies: { connectionId: string; companyId: number }[],
): Promise<(connectionId: string, companyId: number) => CompanyDeadlineSettings> {
  const byConnection = new Map<string, number[]>();
  for (const { connectionId, companyId } of companies)
    byConnection.set(connectionId, [...(byConnection.get(connectionId) ?? []), companyId]);
  const read = await Promise.all(
    [...byConnection].map(
      async ([connectionId, ids]) => [connectionId, await companyDeadlineSettings(getDb(), connectionId, ids)] as const,
    ),
  );
  const settings = new Map(read);
  return (connectionId, companyId) => settings.get(connectionId)!.get(companyId)!;
}

export function deadlinesCache(): (settings: CompanyDeadlineSettings, period: string) => ReminderDeadlines {
  const cache = new Map<string, ReminderDeadlines>();
  return (settings, period) => {
    const key = `${period}:${settings.land ?? "-"}:${JSON.stringify(settings.cutOffRule)}`;
    let deadlines = cache.get(key);
    if (!deadlines) {
      const month = companyMonthDeadlines(settings, period);
      deadlines = { cut_off: month.cutOff, statement: month.statementLastDay, land: settings.land };
      cache.set(key, deadlines);
    }
    return deadlines;
  };
}
