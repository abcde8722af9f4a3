import { describe, expect, it } from "vitest";
import { metricsRegistry } from "../registry";
import { scrapedGauge, sharedRead } from "./scraped-gauge";

describe("gauges read when scraped", () => {
  it("answer what their read gives, replacing the last scrape's samples", async () => {
    let queues = [
      { labels: { queue: "a" }, value: 3 },
      { labels: { queue: "b" }, value: 1 },
    ];
    scrapedGauge({ name: "test_scraped_depth", help: "test", labelNames: ["queue"], read: () => queues });
    expect(await metricsRegistry().getSingleMetricAsString("test_scraped_depth")).toContain(
      'test_scraped_depth{queue="b"} 1',
    );
    queues = [{ labels: { queue: "a" }, value: 4 }];
    const text = await metricsRegistry().getSingleMetricAsString("test_scraped_depth");
    expect(text).toContain('test_scraped_depth{queue="a"} 4');
    expect(text).not.toContain('queue="b"');
  });

  it("answer no samples (NaN without labels) when their read fails, and the rest of the scrape still answers", async () => {
    scrapedGauge({ name: "test_scraped_failing", help: "test", read: () => Promise.reject(new Error("no database")) });
    scrapedGauge({ name: "test_scraped_fine", help: "test", read: () => [{ value: 7 }] });
    const text = await metricsRegistry().metrics();
    expect(text).toContain("test_scraped_fine 7");
    // prom-client prints "Nan": Prometheus reads NaN in any case.
    expect(text).toMatch(/^test_scraped_failing nan$/im);
  });

  it("share one read between the gauges it feeds while it is fresh", async () => {
    let reads = 0;
    const read = sharedRead(async () => ++reads);
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    expect(await read()).toBe(1);
  });
});
