import path from "node:path";
import type { Page } from "@playwright/test";
import {
  browserBenchDatabaseUrl,
  median,
  runBrowserBench,
  signInAndConnectPayroll,
} from "../../scripts/lib/bench-browser";

// The firm overview of a large firm (a sandbox customer of 300 companies, made by its large-firm
// control call), in Chromium against a production build:
//   overview_300_first_rows_ms  navigation start to the first rows of the `Clients` table on
//                               screen, the median of 5 loads after one warm-up load
// The page reads Postgres only (the refresh jobs keep the companies' state there) and its rows are
// in the server's first HTML, so the figure is the server's query of 300 rows plus the first paint.
// Measured once the jobs have read every company (each row has been refreshed), as a clerk sees it.

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP_PORT = Number(process.env.OVERVIEW_BENCH_PORT ?? 3560);
const SANDBOX_PORT = Number(process.env.OVERVIEW_BENCH_SANDBOX_PORT ?? 4570);
const APP_URL = `http://localhost:${APP_PORT}`;
const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
const COMPANIES = 300;
const LOADS = 5;
const REFRESH_WAIT_MS = 10 * 60_000;

/** The overview's rows as the route answers them (the page's session): how many, and how many the jobs have read. */
async function overviewRows(page: Page): Promise<{ rows: number; refreshed: number }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const body = (await response.json()) as { ok: boolean; data?: { rows: { refreshedAt: string | null }[] } };
    const rows = body.data?.rows ?? [];
    return { rows: rows.length, refreshed: rows.filter((row) => row.refreshedAt !== null).length };
  }, `${APP_URL}/api/overview`);
}

/** Asks for a refresh, then waits until the jobs have read every company (or the wait ends: measured as it stands). */
async function waitForRefresh(page: Page): Promise<{ rows: number; refreshed: number; seconds: number }> {
  const started = Date.now();
  await page.evaluate(async (url) => {
    await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  }, `${APP_URL}/api/overview/refresh`);
  let state = await overviewRows(page);
  while ((state.rows < COMPANIES || state.refreshed < state.rows) && Date.now() - started < REFRESH_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    state = await overviewRows(page);
  }
  return { ...state, seconds: (Date.now() - started) / 1000 };
}

/** Navigation start (the document's time origin) to the first company row of `Clients` visible. */
async function firstRowsMs(page: Page): Promise<number> {
  await page.goto(`${APP_URL}/overview`, { waitUntil: "commit" });
  await page.locator("tbody tr[data-company]").first().waitFor({ state: "visible", timeout: 60_000 });
  return page.evaluate(() => performance.now());
}

async function main(): Promise<void> {
  const databaseUrl = await browserBenchDatabaseUrl("ledgerlane_overview_bench");
  const options = {
    root: ROOT,
    port: APP_PORT,
    sandboxPort: SANDBOX_PORT,
    distDir: ".next-overview-bench",
    databaseUrl,
  };
  await runBrowserBench(options, async ({ browser, control }) => {
    const firm = await control<{ api_key: string; username: string }>("POST", "/payroll/customers", {
      companies: COMPANIES,
      name: "Lohnbüro Bench (300 Mandanten)",
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signInAndConnectPayroll(page, {
      appUrl: APP_URL,
      sandboxUrl: SANDBOX_URL,
      customer: { key: firm.api_key, name: firm.username },
    });
    const refresh = await waitForRefresh(page);
    if (refresh.rows < COMPANIES) throw new Error(`expected ${COMPANIES} rows on the overview, found ${refresh.rows}`);

    const cold = await firstRowsMs(page);
    const loads: number[] = [];
    for (let load = 0; load < LOADS; load += 1) loads.push(await firstRowsMs(page));
    // Where the time goes, for the last load: the server's first byte and last byte, the document's size.
    const timing = await page.evaluate(() => {
      const [nav] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
      return nav ? { ttfb: nav.responseStart, end: nav.responseEnd, kb: nav.transferSize / 1024, paint } : null;
    });
    // The rows after the server's first ones come right after hydration: every row is there in the end.
    await page
      .locator("tbody tr[data-company]")
      .nth(COMPANIES - 1)
      .waitFor({ state: "attached", timeout: 60_000 });
    const allRows = await page.evaluate(() => performance.now());
    const shown = await page.locator("tbody tr[data-company]").count();
    console.error(
      `(overview first rows: cold ${cold.toFixed(0)} ms, then ${loads.map((ms) => ms.toFixed(0)).join(", ")} ms; ${shown} rows, ` +
        `${refresh.refreshed} of ${refresh.rows} read by the jobs after ${refresh.seconds.toFixed(0)} s; ` +
        `last load: first byte ${timing?.ttfb.toFixed(0)} ms, last byte ${timing?.end.toFixed(0)} ms, first contentful paint ${timing?.paint.toFixed(0)} ms, all rows ${allRows.toFixed(0)} ms, ${timing?.kb.toFixed(0)} KiB)`,
    );
    console.log(`overview_300_first_rows_ms: ${median(loads).toFixed(0)} ms`);
    await context.close();
  });
}

await main();
