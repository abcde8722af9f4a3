import "server-only";
import { cachedFor } from "@/lib/health/readiness";
import { log } from "@/lib/log/logger";
import { Gauge, metric } from "../registry";

/**
 * Gauges computed when Prometheus scrapes (`/metrics`), from the process or the database: the
 * backlogs, the queues, the firm's months. A database read is shared by the gauges it feeds and
 * kept for a few seconds (./jobs-gauges.ts), so neither several gauges nor several scrapers ask
 * again. A read that fails leaves its gauges without samples for that scrape (and is logged):
 * the process's other metrics are still answered.
 */

export interface Sample<L extends string> {
  labels?: Partial<Record<L, string | number>>;
  value: number;
}

export interface ScrapedGaugeOptions<L extends string> {
  name: string;
  help: string;
  labelNames?: readonly L[];
  read: () => Promise<Sample<L>[]> | Sample<L>[];
}

export function scrapedGauge<L extends string>(options: ScrapedGaugeOptions<L>): void {
  metric(
    options.name,
    (registers) =>
      new Gauge<L>({
        name: options.name,
        help: options.help,
        labelNames: options.labelNames ?? [],
        registers,
        async collect() {
          let samples: Sample<L>[];
          try {
            samples = await options.read();
          } catch (error) {
            log.warn({ err: error, metric: options.name }, "metrics: a gauge could not be read");
            // A gauge without labels always has a sample: NaN says "unknown", where 0 would say "none".
            samples = options.labelNames?.length ? [] : [{ value: Number.NaN }];
          }
          this.reset();
          for (const { labels, value } of samples) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        },
      }),
  );
}

/** How long a database read for the gauges is kept: scrapes every 15 s or more ask once each. */
export const SCRAPE_CACHE_MS = 5_000;

/** `read` shared by every gauge it feeds, for SCRAPE_CACHE_MS after it answered. */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  return cachedFor(SCRAPE_CACHE_MS, read);
}
