import "server-only";
import { getSqlPool } from "@/lib/db/client";
import { openStreamCount } from "@/lib/http/server/stream-slots";
import { scrapedGauge } from "./scraped-gauge";

/** The gauges of every process with an operations port, web and worker: its pool, its event streams, its readiness. */
export function registerProcessGauges(ready: () => Promise<boolean>): void {
  scrapedGauge({
    name: "ledgerlane_db_pool_connections",
    help: "Connections of the process's database pool, by state (idle, busy).",
    labelNames: ["state"],
    read: () => {
      const pool = getSqlPool();
      return [
        { labels: { state: "idle" }, value: pool.idleCount },
        { labels: { state: "busy" }, value: pool.totalCount - pool.idleCount },
      ];
    },
  });
  scrapedGauge({
    name: "ledgerlane_db_pool_waiting_clients",
    help: "Queries of the process waiting for a connection of its database pool (all connections busy).",
    read: () => [{ value: getSqlPool().waitingCount }],
  });
  scrapedGauge({
    name: "ledgerlane_db_pool_max_connections",
    help: "The size of the process's database pool.",
    read: () => [{ value: getSqlPool().options.max ?? 10 }],
  });
  scrapedGauge({
    name: "ledgerlane_event_streams_open",
    help: "Event streams (server-sent events: the notification count, a draft's live state) the process holds open.",
    read: () => [{ value: openStreamCount() }],
  });
  scrapedGauge({
    name: "ledgerlane_ready",
    help: "1 when the process's readiness (GET /api/ready) answers ready, else 0.",
    read: async () => [{ value: (await ready()) ? 1 : 0 }],
  });
}
