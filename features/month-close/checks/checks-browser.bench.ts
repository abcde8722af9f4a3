import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import pg from "pg";
import { freshMachineDatabase } from "../../../scripts/lib/machine-database";
import { waitForHttp } from "../../../scripts/lib/processes";
import { bigMonth } from "./testing/big-month";
import {
  CHROMIUM_ARGS,
  sandboxControl,
  signInAndConnectPayroll,
  startBenchApp,
} from "../../../scripts/lib/bench-browser";

// The month-close checks in the browser, as the hours page runs them: the 1,000-employee company
// (sandbox customer Thomas Albrecht, company 2001) with the big month of testing/big-month.ts
// (9 hours lines per employee, its employee settings, Land Bavaria and its previous month as the
// last transfer; employees and health insurances are the sandbox's), in Chromium against a
// production build. The page's Checks region runs them in its worker (features/month-close/components/
// checks-runner.ts, checks.worker.ts) and shows each run's time (`data-checks-ms`: from copying
// the grid's lines to the findings back on the main thread).
//   close_checks_9000_ms          median of 5 runs, each after an edit of a cell (warm)
//   close_checks_longest_task_ms  the longest main-thread task (PerformanceObserver `longtask`)
//                                 from each edit until its checks are shown, over the 5 runs; the
//                                 Long Tasks API reports only tasks over 50 ms, so 0 means none was
// The first, cold run after the page loads goes to stderr. Its database is a fresh one of the
// machine's Postgres unless DATABASE_URL is set: not one the browser tests use, whose audit trail
// (append-only) would then hold the 9,000-line draft and slow its pages down.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const APP_PORT = Number(process.env.CHECKS_BENCH_PORT ?? 3540);
const SANDBOX_PORT = Number(process.env.CHECKS_BENCH_SANDBOX_PORT ?? 4550);
const APP_URL = `http://localhost:${APP_PORT}`;
const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
const THOMAS_KEY = "pk_sandbox_qm1gphmm8yitmaz4tpv8y752";
const COMPANY = 2001;
const RUNS = 5;

const control = sandboxControl(SANDBOX_URL);
const signInAndConnect = (page: Page) =>
  signInAndConnectPayroll(page, {
    appUrl: APP_URL,
    sandboxUrl: SANDBOX_URL,
    customer: { key: THOMAS_KEY, name: "Thomas Albrecht" },
  });

function previousOf(month: string): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return index === 1 ? `${year - 1}-12` : `${year}-${String(index - 1).padStart(2, "0")}`;
}

/**
 * The big month on the company: its lines as the draft (the fixture's employees 1..1000 mapped onto
 * the company's, its days onto the current month), its settings and previous month in the database.
 */
async function seed(page: Page, databaseUrl: string, month: string, employeeIds: number[]): Promise<void> {
  const fixture = bigMonth(1_000);
  const idOf = (fixtureId: number) => employeeIds[fixtureId - 1] ?? fixtureId;
  const moved = (lines: typeof fixture.month.hours, from: string, to: string, prefix: string) =>
    lines.map((line, index) => ({
      id: `${prefix}${index}`,
      employee_id: idOf(line.employee_id),
      values: { ...line.values, date: (line.values.date ?? "").replace(from, to) },
    }));
  const lines = moved(fixture.month.hours, fixture.month.period, month, "c");
  const status = await page.evaluate(
    async ({ url, body }) =>
      (await fetch(url, { method: "PUT", headers: { "content-type": "application/json" }, body })).status,
    {
      url: `${APP_URL}/api/payroll/companies/${COMPANY}/entries/hours/draft`,
      body: JSON.stringify({ period: month, lines }),
    },
  );
  if (status !== 200) throw new Error(`seeding the draft answered ${status}`);
  const previous = fixture.previous!;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string; user_id: string }>(
      `SELECT c.id, m.user_id FROM payroll_connections c JOIN workspace_members m ON m.workspace_id = c.workspace_id WHERE c.username = 'Thomas Albrecht' AND c.base_url LIKE $1 LIMIT 1`,
      [`%:${SANDBOX_PORT}%`],
    );
    const connection = rows[0];
    if (!connection) throw new Error("no payroll connection of Thomas Albrecht");
    await db.query("DELETE FROM payroll_entry_transfers WHERE connection_id = $1 AND company_id = $2", [
      connection.id,
      COMPANY,
    ]);
    await db.query("DELETE FROM payroll_employee_settings WHERE connection_id = $1 AND company_id = $2", [
      connection.id,
      COMPANY,
    ]);
    await db.query(
      `INSERT INTO payroll_company_settings (connection_id, company_id, federal_state, monthly_hours_limit, updated_at) VALUES ($1, $2, 'BY', 208, now())
       ON CONFLICT (connection_id, company_id) DO UPDATE SET federal_state = 'BY', monthly_hours_limit = 208`,
      [connection.id, COMPANY],
    );
    for (const setting of fixture.employeeSettings) {
      await db.query(
        "INSERT INTO payroll_employee_settings (connection_id, company_id, employee_id, pay_cap, monthly_hours_limit, updated_at) VALUES ($1, $2, $3, $4, $5, now())",
        [connection.id, COMPANY, idOf(setting.employeeId), setting.payCap, setting.monthlyHoursLimit],
      );
    }
    const before = previousOf(month);
    const previousLines = moved(previous.hours, previous.period, before, "p");
    await db.query(
      `INSERT INTO payroll_entry_transfers (id, connection_id, company_id, period, kind, user_id, user_name, outcome, lines, line_count, total_cents)
       VALUES (gen_random_uuid(), $1, $2, $3, 'hours', $4, 'Bench', 'succeeded', $5::jsonb, $6, '0')`,
      [connection.id, COMPANY, before, connection.user_id, JSON.stringify(previousLines), previousLines.length],
    );
  } finally {
    await db.end();
  }
}

const region = (page: Page) => page.locator('section[aria-labelledby="checks-title"]');

async function checksRun(page: Page): Promise<number> {
  return Number((await region(page).getAttribute("data-checks-run")) ?? 0);
}

async function waitForRun(page: Page, after: number): Promise<number> {
  await page.waitForFunction(
    (seen) =>
      Number(document.querySelector('section[aria-labelledby="checks-title"]')?.getAttribute("data-checks-run") ?? 0) >
      seen,
    after,
    { timeout: 60_000 },
  );
  return Number(await region(page).getAttribute("data-checks-ms"));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL ?? (await freshMachineDatabase("ledgerlane_checks_bench"));
  if (!databaseUrl)
    throw new Error(
      "the checks bench needs a Postgres (DATABASE_URL, or one on 127.0.0.1:5432) to seed the month's settings and previous month",
    );
  const app = startBenchApp({
    root: ROOT,
    port: APP_PORT,
    sandboxPort: SANDBOX_PORT,
    distDir: ".next-checks-bench",
    databaseUrl,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    await waitForHttp(`${APP_URL}/api/health`, 15 * 60_000);
    await control("POST", "/reset");
    const company = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
    const body = await control<{ id: number }[] | { employees?: { id: number }[] }>(
      "GET",
      `/payroll/companies/${COMPANY}/employees`,
    );
    const employees = (Array.isArray(body) ? body : (body.employees ?? []))
      .map((employee) => employee.id)
      .sort((a, b) => a - b);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAndConnect(page);
    await seed(page, databaseUrl, company.current_month, employees);

    // Main-thread tasks over 50 ms, from the page's start.
    await page.addInitScript(() => {
      const store = window as unknown as { __longTasks: number[] };
      store.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) store.__longTasks.push(entry.duration);
      }).observe({ type: "longtask", buffered: true });
    });
    await page.goto(`${APP_URL}/payroll/companies/${COMPANY}/hours`);
    await page.getByRole("grid").waitFor();
    const cold = await waitForRun(page, 0);
    const findings = await region(page).getByRole("status").textContent();
    console.error(`(close checks: first run ${cold.toFixed(1)} ms, cold; ${findings?.trim()})`);

    const times: number[] = [];
    let longest = 0;
    const target = page.locator(
      `[role="row"][data-employee="${employees[0]}"][data-line-number="1"] [data-col="total_hours"]`,
    );
    for (let run = 0; run < RUNS; run += 1) {
      const seen = await checksRun(page);
      await target.click();
      await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.splice(0));
      await page.keyboard.type(String(11 + run));
      await page.keyboard.press("Enter");
      times.push(await waitForRun(page, seen));
      const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.splice(0));
      longest = Math.max(longest, ...tasks, 0);
    }
    console.error(`(close checks after an edit: ${times.map((ms) => ms.toFixed(1)).join(", ")} ms)`);
    console.log(`close_checks_9000_ms: ${median(times).toFixed(1)} ms`);
    console.log(`close_checks_longest_task_ms: ${longest.toFixed(1)} ms`);
    await context.close();
  } finally {
    await browser.close();
    app.stop();
  }
}

await main();
