import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { HOURLY_COMPENSATION_TYPES } from "../entries/kinds";
import {
  BIG_COMPANY as COMPANY,
  bigCompanyMonth,
  browserBenchDatabaseUrl,
  runBrowserBench,
  saveBigCompanyHours,
  signInAsThomas,
} from "../../../scripts/lib/bench-browser";

// The hours grid of the 1,000-employee company (sandbox customer Thomas Albrecht, company 2001)
// with nine lines per employee (all nine types), in Chromium against a production build:
//   grid_keystroke_p98_ms  keydown to the next paint, p98 over 100 keystrokes (typing and Enter), as the
//                          browser's Event Timing API reports it (the measure behind INP: from the
//                          event's time stamp to the first paint after its handlers; keystrokes it does
//                          not report took under 16 ms and count as 16). A timer queued from
//                          requestAnimationFrame, as used before, also counts Chromium holding timers
//                          back after input until a frame was drawn: printed to stderr for comparison.
//   grid_paste_9000_ms     Ctrl+V of a 3,000 × 3 block (9,000 cells) to the paint after it, validated
//   grid_undo_paste_ms     Ctrl+Z of that paste to the paint after it
//   grid_page_js_kb        JavaScript transferred for the page (gzip), a fresh browser context
//   access_log_view_overhead_ms  p95 over 150 loads of the grid page (after 10 to warm up) of the access log's
//                          own time on the server's event loop in the load: recording the view of 1,000
//                          employees and writing its row (flushed alone after each load, a view's whole
//                          cost). The page's time with and without the log (ABBA pairs, switched through
//                          the test control) goes to stderr: its p95 moves by more than 5 ms between two
//                          halves of one run, so it cannot show the figure (docs/adr/0266-access-log.md)

const ROOT = path.resolve(import.meta.dirname, "../../..");
const APP_PORT = Number(process.env.GRID_BENCH_PORT ?? 3520);
const SANDBOX_PORT = Number(process.env.GRID_BENCH_SANDBOX_PORT ?? 4530);
// The app's operations port, where a load balancer's readiness probe goes (docs/self-hosting.md).
const OPS_PORT = Number(process.env.GRID_BENCH_OPS_PORT ?? 3521);

/** Nine lines per employee, one of each type: the draft the page opens with. */
const nineLinesEach = (employeeIds: number[]) =>
  employeeIds.flatMap((employeeId) =>
    HOURLY_COMPENSATION_TYPES.map((type, index) => ({
      id: `b${employeeId}x${index}`,
      employee_id: employeeId,
      values: { type, total_hours: "1", total_amount: "10" },
    })),
  );

/** keydown → the paint after it, for every key pressed while installed: Event Timing, and a timer after the frame. */
async function installPaintTimer(page: Page): Promise<void> {
  await page.evaluate(() => {
    const store = window as unknown as { __keyPaint: number[]; __keyDowns: number[]; __keyEvents: Map<number, number> };
    store.__keyPaint = [];
    store.__keyDowns = [];
    store.__keyEvents = new Map();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === "keydown") store.__keyEvents.set(entry.startTime, entry.duration);
    }).observe({ type: "event", durationThreshold: 16 } as PerformanceObserverInit);
    document.addEventListener(
      "keydown",
      (event) => {
        const start = event.timeStamp;
        store.__keyDowns.push(start);
        requestAnimationFrame(() => setTimeout(() => store.__keyPaint.push(performance.now() - start), 0));
      },
      true,
    );
  });
}

/** The timer-based latencies of the keys pressed since the last call. */
async function lastKeyPaints(page: Page, count: number): Promise<number[]> {
  await page.waitForFunction(
    (expected) => (window as unknown as { __keyPaint: number[] }).__keyPaint.length >= expected,
    count,
  );
  return page.evaluate(() => (window as unknown as { __keyPaint: number[] }).__keyPaint.splice(0));
}

/** Event Timing's keydown-to-paint durations of the keys pressed since the last call (16 for those it left out). */
async function lastKeyEventDurations(page: Page): Promise<number[]> {
  await page.waitForTimeout(1_000); // entries are delivered after the paint
  return page.evaluate(() => {
    const store = window as unknown as { __keyDowns: number[]; __keyEvents: Map<number, number> };
    const starts = store.__keyDowns.splice(0);
    // Every entry must belong to a key pressed here, or "not reported" would hide slow keys.
    const strays = [...store.__keyEvents.keys()].filter((start) => !starts.includes(start));
    if (strays.length) throw new Error(`${strays.length} Event Timing entries match no keydown`);
    const durations = starts.map((start) => Math.max(16, store.__keyEvents.get(start) ?? 16));
    store.__keyEvents.clear();
    return durations;
  });
}

/**
 * With GRID_BENCH_PROFILE=<folder>: the page's CPU profile from the grid's first paint to the
 * undo (Chrome DevTools Protocol), written there as grid.cpuprofile (open it in DevTools).
 */
async function startProfiler(page: Page): Promise<{ stop: () => Promise<void> }> {
  const folder = process.env.GRID_BENCH_PROFILE;
  if (!folder) return { stop: async () => undefined };
  const session = await page.context().newCDPSession(page);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 200 });
  await session.send("Profiler.start");
  return {
    stop: async () => {
      const { profile } = await session.send("Profiler.stop");
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, "grid.cpuprofile"), JSON.stringify(profile));
      console.error(`grid bench: CPU profile in ${path.join(folder, "grid.cpuprofile")}`);
    },
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * The database for the run: the embedded one with GRID_BENCH_EMBEDDED=1, else DATABASE_URL, else
 * a database of the machine's Postgres when one answers on 127.0.0.1:5432, else the embedded one.
 */
async function benchDatabaseUrl(): Promise<string | undefined> {
  if (process.env.GRID_BENCH_EMBEDDED === "1") {
    console.error("grid bench: GRID_BENCH_EMBEDDED=1, using the embedded Postgres");
    return undefined;
  }
  const url = await browserBenchDatabaseUrl("ledgerlane_grid_bench");
  if (!url) console.error("grid bench: no Postgres on 127.0.0.1:5432, using the embedded one");
  return url;
}

// The prober runs in a process of its own, as a load balancer's does: the bench's own event loop (busy
// driving the browser) is then not part of the times it reports.
const PROBER = `
let running = true;
process.on("SIGTERM", () => (running = false));
(async () => {
  // Not timed: the prober's own first fetch loads and compiles its HTTP client (~40 ms here).
  await (await fetch(process.argv[1])).arrayBuffer();
  while (running) {
    const started = performance.now();
    const response = await fetch(process.argv[1]);
    await response.arrayBuffer();
    if (response.status !== 200) {
      console.error("/api/ready answered " + response.status + " under the grid's load");
      process.exit(1);
    }
    process.stdout.write((performance.now() - started).toFixed(3) + "\\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.exit(0);
})();`;

/**
 * `GET /api/ready` at `baseUrl` every 100 ms, one at a time, from another process, until stopped: each
 * answer's time (a failed one fails the bench: the app must stay ready under the grid's load).
 */
function pollReady(baseUrl: string): { stop: () => Promise<number[]> } {
  const child = spawn(process.execPath, ["-e", PROBER, `${baseUrl}/api/ready`], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return {
    stop: async () => {
      child.kill("SIGTERM");
      const code = await exited;
      if (code !== 0) throw new Error(`the readiness prober of ${baseUrl} failed (exit ${code})`);
      return output.split("\n").filter(Boolean).map(Number);
    },
  };
}

/**
 * The grid page's HTML loaded `rounds` times with the access log on and as often off, alternating
 * (so drift and other load fall on both alike): each load's time to its last byte, per setting.
 */
/**
 * Grid page loads with the access log on and off. A load takes ~100 ms and varies by more than the
 * recording costs (a push onto an array), so 40 loads each left the difference of the p95s at ±20 ms
 * from run to run: now 10 loads to warm up (not counted), then pairs in ABBA order (on-off, off-on, …)
 * so that a drift of the machine during the run falls on both sides alike.
 */
/**
 * The grid page's loads with the access log recording and without, in ABBA pairs (the machine's drift
 * falls on both sides), and for each load with it the access log's own time on the server's event
 * loop in that load: the view's recording, and its row's flush, forced right after the load (a batch
 * of one: a view's whole cost, more than its share of a real batch). docs/adr/0266-access-log.md.
 */
async function pageLoadsWithAndWithoutAccessLog(page: Page, appUrl: string, pairs: number) {
  const times = { on: [] as number[], off: [] as number[], spentOn: [] as number[] };
  const url = `${appUrl}/payroll/companies/${COMPANY}/hours`;
  const control = async (data: { enabled?: boolean; flush?: boolean }) => {
    const answer = await page.request.post(`${appUrl}/api/test/access-log`, { data, headers: { origin: appUrl } });
    if (answer.status() !== 200) throw new Error(`the access log's test control answered ${answer.status()}`);
    return ((await answer.json()) as { data: { spentMs: number } }).data.spentMs;
  };
  const load = async (setting: "on" | "off") => {
    const spentBefore = await control({ enabled: setting === "on" });
    const started = performance.now();
    const response = await page.request.get(url);
    await response.body();
    if (response.status() !== 200) throw new Error(`the grid page answered ${response.status()}`);
    const elapsed = performance.now() - started;
    if (setting === "on") times.spentOn.push((await control({ flush: true })) - spentBefore);
    return elapsed;
  };
  for (let warmUp = 0; warmUp < 10; warmUp += 1) await load(warmUp % 2 === 0 ? "on" : "off");
  times.spentOn.length = 0;
  for (let pair = 0; pair < pairs; pair += 1) {
    const order: ("on" | "off")[] = pair % 2 === 0 ? ["on", "off"] : ["off", "on"];
    for (const setting of order) times[setting].push(await load(setting));
  }
  await control({ enabled: true });
  return times;
}

async function main(): Promise<void> {
  // The access log's switch is a test control (404 without TEST_CONTROLS): the bench's app gets them.
  process.env.TEST_CONTROLS = "true";
  const databaseUrl = await benchDatabaseUrl();
  const options = {
    root: ROOT,
    port: APP_PORT,
    sandboxPort: SANDBOX_PORT,
    distDir: ".next-grid-bench",
    databaseUrl,
    env: { METRICS_PORT: String(OPS_PORT) },
  };
  await runBrowserBench(options, async (bench) => {
    const { browser, appUrl } = bench;
    const { month, employeeIds } = await bigCompanyMonth(bench);
    const setup = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    const page = await setup.newPage();
    await signInAsThomas(page, bench);
    await saveBigCompanyHours(page, bench, month, nineLinesEach(employeeIds));
    const state = await setup.storageState();

    // JavaScript of the page, from a fresh context (nothing cached).
    const fresh = await browser.newContext({ storageState: state });
    const measured = await fresh.newPage();
    const scripts: Promise<number>[] = [];
    measured.on("requestfinished", (request) => {
      if (request.resourceType() === "script")
        scripts.push(request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize));
    });
    await measured.goto(`${appUrl}/payroll/companies/${COMPANY}/hours`, { waitUntil: "networkidle" });
    const jsBytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    await fresh.close();

    // The readiness probe, as a load balancer polls it, while the grid's load runs (#37: ready_p99_ms):
    // on the operations port (answered by a thread of its own), and for comparison on the app's port.
    const probe = pollReady(`http://127.0.0.1:${OPS_PORT}`);
    const appPortProbe = pollReady(appUrl);
    await page.goto(`${appUrl}/payroll/companies/${COMPANY}/hours`);
    const profiler = await startProfiler(page);
    const grid = page.getByRole("grid");
    await grid.waitFor();
    const firstHours = page.locator('[role="row"][data-employee="1"][data-line-number="1"] [data-col="total_hours"]');
    await firstHours.click();
    await installPaintTimer(page);

    // 100 keystrokes: 25 cells, each three digits and Enter (commit, validate, move down).
    for (let cell = 0; cell < 25; cell += 1) {
      for (const key of ["1", "2", ",", "Enter"]) await page.keyboard.press(key === "," ? "Comma" : key);
    }
    const timerLatencies = await lastKeyPaints(page, 100);
    const keystrokes = await lastKeyEventDurations(page);
    if (keystrokes.length !== 100) throw new Error(`expected 100 keystrokes, saw ${keystrokes.length}`);

    // The 9,000-cell paste at employee 1's first hours cell (back there by keyboard), then its undo.
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(300);
    const block = Array.from(
      { length: 3000 },
      (_, row) => `${(row % 40) + 1},5\t${(row % 7) + 12},25\t${row % 3 ? "" : "25"}`,
    ).join("\r\n");
    await page.evaluate((text) => navigator.clipboard.writeText(text), block);
    await page.evaluate(() => (window as unknown as { __keyPaint: number[] }).__keyPaint.splice(0));
    await page.keyboard.press("Control+V");
    const [, paste] = await lastKeyPaints(page, 2);
    const pastedText = await firstHours.textContent();
    if (pastedText?.trim() !== "1.5") throw new Error(`the paste did not land (first cell shows ${pastedText})`);
    await page.waitForTimeout(500);
    await page.keyboard.press("Control+Z");
    const [, undo] = await lastKeyPaints(page, 2);
    const undoneText = await firstHours.textContent();
    if (undoneText?.trim() === "1.5") throw new Error("the undo did not land");
    await profiler.stop();
    const readyMs = await probe.stop();
    const appPortReadyMs = await appPortProbe.stop();

    // Who looked at whose pay (#38 §4): what logging a view adds to the page's load. Last: 310 loads of the
    // page's 1,000 rows keep the server busy, which the keystrokes and the probes above are not to feel.
    const loads = await pageLoadsWithAndWithoutAccessLog(page, appUrl, 150);
    console.error(
      `(grid page loads: with the access log p50 ${percentile(loads.on, 50).toFixed(1)} ms p95 ${percentile(loads.on, 95).toFixed(1)} ms, without p50 ${percentile(loads.off, 50).toFixed(1)} ms p95 ${percentile(loads.off, 95).toFixed(1)} ms; ` +
        `p95 with minus without ${(percentile(loads.on, 95) - percentile(loads.off, 95)).toFixed(1)} ms, within the page's own spread)`,
    );
    console.error(
      `(the access log's own time per load: p50 ${percentile(loads.spentOn, 50).toFixed(2)} ms, max ${Math.max(...loads.spentOn).toFixed(2)} ms)`,
    );

    console.error(
      `(keystrokes, Event Timing: p50 ${percentile(keystrokes, 50)} ms, p90 ${percentile(keystrokes, 90)} ms, max ${Math.max(...keystrokes)} ms, ${keystrokes.filter((ms) => ms > 16).length} over 16 ms)`,
    );
    console.error(
      `(keystrokes, timer after the frame: p50 ${percentile(timerLatencies, 50).toFixed(1)} ms, p98 ${percentile(timerLatencies, 98).toFixed(1)} ms, max ${Math.max(...timerLatencies).toFixed(1)} ms)`,
    );
    console.log(`grid_keystroke_p98_ms: ${percentile(keystrokes, 98).toFixed(1)} ms`);
    console.log(`grid_paste_9000_ms: ${(paste ?? NaN).toFixed(1)} ms`);
    console.log(`grid_undo_paste_ms: ${(undo ?? NaN).toFixed(1)} ms`);
    console.log(`grid_page_js_kb: ${(jsBytes / 1024).toFixed(1)} kB`);
    console.log(`access_log_view_overhead_ms: ${percentile(loads.spentOn, 95).toFixed(2)} ms`);
    console.error(
      `(readiness during the grid's load: ${readyMs.length} probes, p50 ${percentile(readyMs, 50).toFixed(1)} ms; ` +
        `on the app's own port ${appPortReadyMs.length} probes, p50 ${percentile(appPortReadyMs, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(appPortReadyMs, 99).toFixed(1)} ms)`,
    );
    console.log(`ready_p99_ms: ${percentile(readyMs, 99).toFixed(1)} ms`);
    await setup.close();
  });
}

await main();
