import { spawn } from "node:child_process";
import { chromium, type Browser, type Page } from "@playwright/test";
import { freshMachineDatabase } from "./machine-database";
import { waitForHttp } from "./processes";

// What the browser benchmarks share: the app and Chromium started and stopped around the
// measurement (runBrowserBench), the sandbox's control API, signing in as a sandbox person through
// the real OAuth pages and connecting a payroll customer, and the big company's month and draft.

/** Debian's Chromium, as the browser tests start it. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** The sandbox's control API at `sandboxUrl` (JSON in, JSON out). */
export function sandboxControl(sandboxUrl: string) {
  return async function control<T>(method: string, pathname: string, body?: unknown): Promise<T> {
    const response = await fetch(`${sandboxUrl}/control${pathname}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    });
    return (await response.json()) as T;
  };
}

/**
 * Claudia (sandbox person) signs in at the app and has the payroll customer `customer` (its API
 * key, shown as "Connected as <name>") connected. With a database that outlives a run, the
 * customer may be connected already, or another one: then it is added beside it.
 */
export async function signInAndConnectPayroll(
  page: Page,
  options: { appUrl: string; sandboxUrl: string; customer: { key: string; name: string } },
): Promise<void> {
  const control = sandboxControl(options.sandboxUrl);
  const { users } = await control<{ users: { email: string; password: string }[] }>("GET", "/fixtures");
  const person = users.find((user) => user.email.startsWith("claudia"));
  if (!person) throw new Error("no sandbox user claudia");
  await page.goto(options.appUrl);
  await page
    .getByRole("button", { name: /Sign in/ })
    .first()
    .click();
  await page
    .getByRole("link", { name: "Germany" })
    .click()
    .catch(() => undefined);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/\/(overview|businesses)$/);
  await page.goto(`${options.appUrl}/payroll`);
  const connected = page.getByText(`Connected as ${options.customer.name}`);
  await connected.or(page.getByLabel("API key")).or(page.getByText("Connected as")).first().waitFor();
  if (await connected.isVisible()) return;
  const add = page.getByRole("button", { name: "Add another payroll customer" });
  if (await add.isVisible()) await add.click();
  await page.getByLabel("API key").fill(options.customer.key);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await connected.waitFor();
}

/**
 * The app as `npm start` runs it (production build in `distDir`, a folder of the bench's own), on
 * the bench's ports, in a process group of its own: `stop` ends the app with its sandbox. On the
 * given database, or without one on a temporary embedded Postgres ("memory").
 */
export function startBenchApp(options: {
  root: string;
  port: number;
  sandboxPort: number;
  distDir: string;
  databaseUrl: string | undefined;
  /** More of the app's environment (e.g. its operations port). */
  env?: Record<string, string>;
}): { stop: () => void } {
  const { DATABASE_URL: _given, ...withoutDatabase } = process.env;
  const app = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: options.root,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...withoutDatabase,
      PORT: String(options.port),
      SANDBOX_PORT: String(options.sandboxPort),
      NEXTAUTH_URL: `http://localhost:${options.port}`,
      EMBEDDED_DATABASE_DIR: "memory",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? options.distDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
  });
  return {
    stop: () => {
      if (!app.pid) return;
      try {
        process.kill(-app.pid, "SIGTERM");
      } catch {
        // already gone
      }
    },
  };
}

/**
 * The bench's own database on the machine's Postgres, fresh for every run (a stored payroll
 * connection would point at an earlier run's sandbox port), unless DATABASE_URL names one;
 * undefined when no Postgres answers on 127.0.0.1:5432 (the app then starts its embedded one).
 */
export async function browserBenchDatabaseUrl(name: string): Promise<string | undefined> {
  return process.env.DATABASE_URL ?? (await freshMachineDatabase(name));
}

/** What a browser bench measures with: the app's and the sandbox's URLs, Chromium, the sandbox's control API. */
export interface BrowserBench {
  appUrl: string;
  sandboxUrl: string;
  browser: Browser;
  control: ReturnType<typeof sandboxControl>;
}

/**
 * A browser bench's frame: the app (startBenchApp, on its own ports and build folder) and
 * Chromium, the app's health awaited (a first build takes minutes) and the sandbox reset; then
 * `measure`, and both stopped however it ends.
 */
export async function runBrowserBench(
  options: Parameters<typeof startBenchApp>[0],
  measure: (bench: BrowserBench) => Promise<void>,
): Promise<void> {
  const appUrl = `http://localhost:${options.port}`;
  const sandboxUrl = `http://127.0.0.1:${options.sandboxPort}`;
  const app = startBenchApp(options);
  try {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    });
    try {
      await waitForHttp(`${appUrl}/api/ready`, 15 * 60_000);
      const control = sandboxControl(sandboxUrl);
      await control("POST", "/reset");
      await measure({ appUrl, sandboxUrl, browser, control });
    } finally {
      await browser.close();
    }
  } finally {
    app.stop();
  }
}

/** The sandbox's payroll customer whose company 2001 has 1,000 employees: the big company of the grid's and month close's benches. */
export const THOMAS = { key: "pk_sandbox_qm1gphmm8yitmaz4tpv8y752", name: "Thomas Albrecht" } as const;
export const BIG_COMPANY = 2001;

/** Thomas signs in and has his payroll customer connected. */
export function signInAsThomas(page: Page, bench: BrowserBench): Promise<void> {
  return signInAndConnectPayroll(page, { appUrl: bench.appUrl, sandboxUrl: bench.sandboxUrl, customer: THOMAS });
}

/** The big company's current month (the sandbox's) and its employees' ids, as the sandbox lists them. */
export async function bigCompanyMonth(bench: BrowserBench): Promise<{ month: string; employeeIds: number[] }> {
  const company = await bench.control<{ current_month: string }>("GET", `/payroll/companies/${BIG_COMPANY}`);
  const listed = await bench.control<{ id: number }[] | { employees?: { id: number }[] }>(
    "GET",
    `/payroll/companies/${BIG_COMPANY}/employees`,
  );
  const employees = Array.isArray(listed) ? listed : (listed.employees ?? []);
  return { month: company.current_month, employeeIds: employees.map((employee) => employee.id) };
}

/** A JSON request of the page's own (its session cookie and origin) to the app: the status and the answer's text. */
export function pageRequest(
  page: Page,
  method: string,
  url: string,
  body: unknown,
): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ url, method, body }) => {
      const response = await fetch(url, { method, headers: { "content-type": "application/json" }, body });
      return { status: response.status, text: await response.text() };
    },
    { url, method, body: JSON.stringify(body) },
  );
}

/** `lines` as the big company's hours draft of `month`, saved through the app's route as the grid saves it. */
export async function saveBigCompanyHours(
  page: Page,
  bench: BrowserBench,
  month: string,
  lines: readonly unknown[],
): Promise<void> {
  const url = `${bench.appUrl}/api/payroll/companies/${BIG_COMPANY}/entries/hours/draft`;
  const saved = await pageRequest(page, "PUT", url, { period: month, lines });
  if (saved.status !== 200) throw new Error(`seeding the draft answered ${saved.status}: ${saved.text.slice(0, 300)}`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
