import "server-only";
import { NotificationFeed } from "@/lib/db/notification-feed";
import { serverEnv } from "@/lib/env/server";
import { recheckCompanies } from "./refresh";
import { log } from "@/lib/log/logger";

/**
 * A company's month changed (its drafts, its month-close row, its acknowledgements): Postgres
 * notifies `ledgerlane_overview_changed` with `<connection_id>/<company_id>` (triggers of migration
 * `overview_change_notifications`), and each process running the overview's jobs checks the
 * company again from its stored employees, no call to the service, a few seconds after the last
 * change of a burst (typing in the grid saves every second or so). Two processes may both check
 * it: the work is the same and its result too. What is not heard (a process starting, its
 * connection down) the sweep finds within the minute (./input-stamps.ts).
 */

export const OVERVIEW_CHANNEL = "ledgerlane_overview_changed";
const SETTLE_MS = 3_000;
const PAYLOAD = /^([0-9a-f-]{36})\/(\d{1,9})$/;

const holder = globalThis as { __overviewChanges?: NotificationFeed };

export function listenForMonthChanges(): void {
  const pending = new Map<string, { connectionId: string; companyId: number }>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const companies = [...pending.values()];
    pending.clear();
    recheckCompanies(companies).catch((error: unknown) =>
      log.error({ err: error }, "overview: checking changed companies again failed"),
    );
  };
  holder.__overviewChanges ??= new NotificationFeed({
    channel: OVERVIEW_CHANNEL,
    connectionString: () => serverEnv().DATABASE_URL,
    reconnectMs: 5_000,
    onMessage: (payload) => {
      const match = PAYLOAD.exec(payload);
      if (!match) return;
      pending.set(payload, { connectionId: match[1]!, companyId: Number(match[2]) });
      // Settles a burst: the timer restarts with every change.
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, SETTLE_MS);
      timer.unref();
    },
  });
  holder.__overviewChanges.start();
}

/** Stops listening (tests; a process's feed otherwise lives as long as the process). */
export async function stopListeningForMonthChanges(): Promise<void> {
  const feed = holder.__overviewChanges;
  holder.__overviewChanges = undefined;
  await feed?.close();
}
