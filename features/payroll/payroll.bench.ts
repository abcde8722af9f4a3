// `npm run bench` (payroll): the app's production build with the sandbox and an embedded
// Postgres (`npm start` on ports of its own), driven by Chromium.
//
//   csv_1000_parse_validate_ms: a 1,000-row CSV file chosen on the import page, parsed and checked
//     in the browser (Web Worker) until the summary shows; median of 5. The longest main-thread
//     task meanwhile is printed as csv_1000_main_thread_max_task_ms (goal: ≤ 50).
//   import_rate_ratio: employees per second of the bulk import's job (from a worker taking it up to
//     its end) divided by those of a plain sequential script against the same sandbox;
//     import_rate_ratio_end_to_end counts from the start request (upload and server-side checks).
import { spawn } from "node:child_process";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { waitForHttp } from "../../scripts/lib/processes";
import { parseHealthInsurancesCsv } from "./employees/reference-csv";
import { toNewEmployee } from "./employees/employee-schema";
import { sampleEmployee, toCsv } from "./imports/sample-rows";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.BENCH_APP_PORT ?? 3490);
const SANDBOX_PORT = Number(process.env.BENCH_SANDBOX_PORT ?? 4490);
const APP = `http://localhost:${PORT}`;
const SANDBOX = `http://127.0.0.1:${SANDBOX_PORT}`;
const KEY = "pk_sandbox_qm1gphmm8yitmaz4tpv8y752";
const COMPANY = 2002;
const IMPORT_ROWS = 1000;
const DEADLINE = Date.now() + 12 * 60_000;

async function control(method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${SANDBOX}/control${route}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

async function signInAndConnect(page: Page): Promise<void> {
  const { users } = (await control("GET", "/fixtures")) as { users: { email: string; password: string }[] };
  const claudia = users.find((user) => user.email.startsWith("claudia"))!;
  await page.goto(`${APP}/`);
  await page
    .getByRole("button", { name: /Sign in/ })
    .first()
    .click();
  await page.getByRole("link", { name: "Germany" }).click();
  await page.getByLabel("Email").fill(claudia.email);
  await page.getByLabel("Password").fill(claudia.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/\/(overview|businesses)$/);
  await page.goto(`${APP}/payroll`);
  if (await page.getByLabel("API key").isVisible()) {
    await page.getByLabel("API key").fill(KEY);
    await page.getByRole("button", { name: "Connect" }).click();
  }
  await page.getByText("Connected as").waitFor();
}

async function csvParseValidate(page: Page, csv: string): Promise<{ medianMs: number; maxTaskMs: number }> {
  // The button's click is the page's once it is live (hydrated): the file is read when it is pressed.
  await page.goto(`${APP}/payroll/companies/${COMPANY}/import`, { waitUntil: "networkidle" });
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "employees.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const times: number[] = [];
  let maxTask = 0;
  for (let run = 0; run < 5; run += 1) {
    const result = await page.evaluate(
      () =>
        new Promise<{ ms: number; maxTask: number }>((resolve, reject) => {
          const tasks: number[] = [];
          const observer = new PerformanceObserver((list) =>
            list.getEntries().forEach((entry) => tasks.push(entry.duration)),
          );
          observer.observe({ type: "longtask" });
          const summary = document.querySelector('[data-testid="import-summary"]')!;
          const button = [...document.querySelectorAll("button")].find(
            (candidate) => candidate.textContent === "Read rows",
          )!;
          const started = performance.now();
          let checking = false;
          // A change of the page's texts must fail the bench with what it saw, not hang it.
          const giveUp = setTimeout(() => {
            watcher.disconnect();
            reject(new Error(`no summary after 60 s; it reads: ${JSON.stringify(summary.textContent)}`));
          }, 60_000);
          const watcher = new MutationObserver(() => {
            const text = summary.textContent ?? "";
            if (!checking) {
              checking = text.startsWith("Checking");
              return;
            }
            // "1,000 rows: …" (the count is formatted since the texts moved to next-intl).
            if (!/^1,000 rows/.test(text)) return;
            watcher.disconnect();
            clearTimeout(giveUp);
            requestAnimationFrame(() => {
              const ms = performance.now() - started;
              setTimeout(() => {
                observer.disconnect();
                resolve({ ms, maxTask: Math.max(0, ...tasks) });
              }, 100);
            });
          });
          watcher.observe(summary, { childList: true, characterData: true, subtree: true });
          button.click();
        }),
    );
    times.push(result.ms);
    maxTask = Math.max(maxTask, result.maxTask);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]!, maxTaskMs: maxTask };
}

async function sequentialScriptRate(rows: ReturnType<typeof sampleEmployee>[], baseUrl: string): Promise<number> {
  const started = performance.now();
  for (const row of rows) {
    const response = await fetch(`${baseUrl}/v1/companies/${COMPANY}/employees`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(toNewEmployee(row, COMPANY)),
    });
    if (response.status !== 200) throw new Error(`sequential script: ${response.status}`);
    await response.text();
  }
  return rows.length / ((performance.now() - started) / 1000);
}

/** Employees per second of the import: end to end (from the start request) and of its job (from its stored rows to its end). */
async function appImportRate(
  page: Page,
  rows: ReturnType<typeof sampleEmployee>[],
): Promise<{ endToEnd: number; job: number }> {
  const body = { rows: rows.map((input, index) => ({ row: index + 1, input })) };
  const started = performance.now();
  const response = await page.request.post(`${APP}/api/payroll/companies/${COMPANY}/imports`, {
    data: body,
    headers: { origin: APP },
  });
  const { import: created } = ((await response.json()) as { data: { import: { id: string } } }).data;
  if (process.env.BENCH_DEBUG) console.error(`import accepted after ${(performance.now() - started).toFixed(0)} ms`);
  for (;;) {
    const progress = (
      (await (await page.request.get(`${APP}/api/payroll/imports/${created.id}`)).json()) as {
        data: {
          import: { status: string; counts: { created: number }; startedAt: string | null; finishedAt: string | null };
        };
      }
    ).data;
    if (progress.import.status === "completed") {
      const endToEnd = rows.length / ((performance.now() - started) / 1000);
      if (progress.import.counts.created !== rows.length)
        throw new Error(`import created ${progress.import.counts.created}`);
      const jobMs = Date.parse(progress.import.finishedAt!) - Date.parse(progress.import.startedAt!);
      return { endToEnd, job: rows.length / (jobMs / 1000) };
    }
    if (Date.now() > DEADLINE) throw new Error("import did not finish");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const app = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(PORT),
    SANDBOX_PORT: String(SANDBOX_PORT),
    NEXTAUTH_URL: APP,
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-bench",
    // The import's own speed against the plain script's, which has no request budget either: a budget
    // that does not bind (the sandbox limits nothing here). upstream_budget_overshoot measures the budget.
    UPSTREAM_BUDGET_PAYROLL_PER_MINUTE: "1000000",
    ...(process.env.DATABASE_URL ? {} : { EMBEDDED_DATABASE_DIR: "memory" }),
  },
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});
const stopApp = () => {
  try {
    process.kill(-app.pid!, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stopApp);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
try {
  await waitForHttp(`${APP}/api/ready`, DEADLINE - Date.now());
  await control("POST", "/reset");
  const page = await (await browser.newContext()).newPage();
  await signInAndConnect(page);

  const discovery = (await (await fetch(`${SANDBOX}/.well-known/sandbox.json`)).json()) as {
    payroll: { base_url: string };
  };
  const insurersCsv = await (
    await fetch(`${discovery.payroll.base_url}/v1/healthinsurances.csv`, {
      headers: { authorization: `Bearer ${KEY}`, accept: "text/csv" },
    })
  ).text();
  const insurer = parseHealthInsurancesCsv(insurersCsv).find(
    (candidate) => !candidate.availableFrom && !candidate.availableTo,
  )!.number;
  const rows = Array.from({ length: IMPORT_ROWS }, (_, index) => sampleEmployee(index, 1 + index, insurer));

  const csv = await csvParseValidate(page, toCsv(rows)).catch(async (error: unknown) => {
    // What the page said instead (a notice, a refusal) makes a failed run explainable.
    console.error(
      `the import page reads:\n${await page
        .locator("main")
        .innerText()
        .catch(() => "(no page)")}`,
    );
    throw error;
  });
  console.log(`csv_1000_parse_validate_ms: ${csv.medianMs.toFixed(0)} ms`);
  console.log(`csv_1000_main_thread_max_task_ms: ${csv.maxTaskMs.toFixed(0)} ms`);

  // Two rounds each, alternating, the better of each counts (the machine is shared).
  let scriptRate = 0;
  let appRate = { endToEnd: 0, job: 0 };
  for (let round = 0; round < 2; round += 1) {
    await control("POST", "/reset");
    scriptRate = Math.max(scriptRate, await sequentialScriptRate(rows, discovery.payroll.base_url));
    await control("POST", "/reset");
    const rate = await appImportRate(page, rows);
    appRate = { endToEnd: Math.max(appRate.endToEnd, rate.endToEnd), job: Math.max(appRate.job, rate.job) };
  }
  console.log(
    `import_rate_ratio: ${(appRate.job / scriptRate).toFixed(2)} ratio (job ${appRate.job.toFixed(0)} vs script ${scriptRate.toFixed(0)} employees/s)`,
  );
  console.log(
    `import_rate_ratio_end_to_end: ${(appRate.endToEnd / scriptRate).toFixed(2)} ratio (upload, server-side checks and job: ${appRate.endToEnd.toFixed(0)} employees/s)`,
  );
} finally {
  await browser.close();
  stopApp();
}
