import path from "node:path";
import type { Page } from "@playwright/test";
import pg from "pg";
import {
  BIG_COMPANY as COMPANY,
  bigCompanyMonth,
  browserBenchDatabaseUrl,
  median,
  pageRequest,
  runBrowserBench,
  saveBigCompanyHours,
  signInAsThomas,
} from "../../../scripts/lib/bench-browser";

// The approver's summary of the 1,000-employee company (sandbox customer Thomas Albrecht, company
// 2001) with a month in review: one hours line per employee, and the last transferred month
// before it (stored as the app stores a successful transfer), in Chromium against a production build:
//   approver_summary_1000_first_rows_ms  navigation start to the first employee rows on screen,
//                                        the median of 5 loads after one warm-up load
// The page streams its rows in the server's HTML (a screenful; the table is windowed), so the
// figure is the server's summary (service reads, the checks on 1,000 employees) plus the first paint.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const APP_PORT = Number(process.env.SUMMARY_BENCH_PORT ?? 3540);
const SANDBOX_PORT = Number(process.env.SUMMARY_BENCH_SANDBOX_PORT ?? 4550);
const LOADS = 5;

const line = (id: string, employeeId: number, hours: string) => ({
  id,
  employee_id: employeeId,
  values: { type: "HOURLY_WAGE", total_hours: hours, total_amount: "15" },
});

function monthBefore(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 2, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/**
 * The month In review as a submission leaves it, written directly: the sandbox's company has
 * findings (e.g. ended health insurances) that refuse a submission, and what is measured is the
 * summary of a month in review (with its flagged lines), not the gate.
 */
async function putInReview(databaseUrl: string, month: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO month_closes (id, connection_id, company_id, period, state, submitted_by_name, submitted_at, updated_at)
       SELECT gen_random_uuid(), connection_id, company_id, period, 'in_review', 'Bench', now(), now()
         FROM payroll_entry_drafts WHERE company_id = $1 AND period = $2 LIMIT 1
       ON CONFLICT (connection_id, company_id, period) DO UPDATE SET state = 'in_review', submitted_by_name = 'Bench', submitted_at = now()`,
      [COMPANY, month],
    );
  } finally {
    await client.end();
  }
}

/** The last transferred month: every employee's line of the month before, a little fewer hours (no change warning). */
async function storePreviousMonth(databaseUrl: string, month: string, employeeIds: number[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ connection_id: string }>(
      "SELECT connection_id FROM payroll_entry_drafts WHERE company_id = $1 LIMIT 1",
      [COMPANY],
    );
    const lines = employeeIds.map((id) => line(`o${id}`, id, id % 10 === 0 ? "80" : "100"));
    await client.query(
      `INSERT INTO payroll_entry_transfers (id, connection_id, company_id, period, kind, user_id, user_name, outcome, lines, line_count, total_cents)
       VALUES (gen_random_uuid(), $1, $2, $3, 'hours', gen_random_uuid(), 'Bench', 'succeeded', $4, $5, '0')`,
      [rows[0]!.connection_id, COMPANY, monthBefore(month), JSON.stringify(lines), lines.length],
    );
  } finally {
    await client.end();
  }
}

/** Navigation start (the document's time origin) to the first employee row visible. */
async function firstRowsMs(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  await page.locator("tbody tr[data-employee]").first().waitFor({ state: "visible", timeout: 60_000 });
  return page.evaluate(() => performance.now());
}

async function main(): Promise<void> {
  const databaseUrl = await browserBenchDatabaseUrl("ledgerlane_summary_bench");
  if (!databaseUrl)
    console.error("summary bench: no Postgres on 127.0.0.1:5432, using the embedded one (no previous month)");
  const options = {
    root: ROOT,
    port: APP_PORT,
    sandboxPort: SANDBOX_PORT,
    distDir: ".next-summary-bench",
    databaseUrl,
  };
  await runBrowserBench(options, async (bench) => {
    const { month, employeeIds } = await bigCompanyMonth(bench);
    const context = await bench.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signInAsThomas(page, bench);
    await saveBigCompanyHours(
      page,
      bench,
      month,
      employeeIds.map((id) => line(`h${id}`, id, "100")),
    );
    if (databaseUrl) await storePreviousMonth(databaseUrl, month, employeeIds);
    const submitted = await pageRequest(page, "POST", `${bench.appUrl}/api/month-close/${COMPANY}`, {
      action: "submit",
      period: month,
    });
    if (submitted.status !== 200) {
      const refusal = (JSON.parse(submitted.text) as { error?: { code?: string; message?: string } }).error;
      if (!databaseUrl)
        throw new Error(`submitting the month answered ${submitted.status}: ${submitted.text.slice(0, 300)}`);
      console.error(
        `(submit refused: ${refusal?.code ?? submitted.status} ${refusal?.message ?? ""}; the month is put in review directly)`,
      );
      await putInReview(databaseUrl, month);
    }

    const url = `${bench.appUrl}/payroll/companies/${COMPANY}/review?month=${month}`;
    const cold = await firstRowsMs(page, url);
    const rows = await page.locator("tbody tr[data-employee]").count();
    if (rows < 5 || rows > 100) throw new Error(`expected a window of rows, found ${rows}`);
    const loads: number[] = [];
    for (let load = 0; load < LOADS; load += 1) loads.push(await firstRowsMs(page, url));
    console.error(
      `(summary first rows: cold ${cold.toFixed(0)} ms, then ${loads.map((ms) => ms.toFixed(0)).join(", ")} ms; ${rows} of ${employeeIds.length} rows in the document)`,
    );
    console.log(`approver_summary_1000_first_rows_ms: ${median(loads).toFixed(0)} ms`);
    await context.close();
  });
}

await main();
