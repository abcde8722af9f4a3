import { randomBytes } from "node:crypto";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { chromium, type Page } from "@playwright/test";
import { migrateDatabase } from "../../../scripts/db/migrate";
import { benchDatabase } from "../../../scripts/lib/machine-database";
import { appServerArgs } from "../../../scripts/lib/app-listen";
import { appServerEntry, ensureNextBuild } from "../../../scripts/lib/next-build";
import { stopChild, waitForHttp } from "../../../scripts/lib/processes";

// Live co-editing across app processes, in Chromium against a production build:
//   collab_update_p95_ms  a line saved in one browser until it is painted in another browser served by
//                         a second app process on the same database (the machine's Postgres, else
//                         BENCH_DATABASE_URL, else the embedded one in a process of its own), p95 over
//                         100 edits. From the moment browser A's save request starts (its Resource
//                         Timing fetchStart: the save's own time on the server counts) to the first
//                         animation frame in browser B that shows the new value; both are times of
//                         this machine's clock (performance.timeOrigin + now). The typing and the
//                         grid's quiet time before saving (500 ms) do not count.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const PORTS = [Number(process.env.COLLAB_BENCH_PORT ?? 3540), Number(process.env.COLLAB_BENCH_PORT ?? 3540) + 1];
const APPS = PORTS.map((port) => `http://localhost:${port}`);
const SANDBOX_PORT = Number(process.env.COLLAB_BENCH_SANDBOX_PORT ?? 4540);
const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
const SABINE_KEY = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
const COMPANY = 1001;
const EDITS = 100;
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--disable-background-timer-throttling",
  "--disable-renderer-backgrounding",
  "--disable-backgrounding-occluded-windows",
];

async function control<T>(method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${SANDBOX_URL}/control${pathname}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  return (await response.json()) as T;
}

async function signInAndConnect(page: Page): Promise<void> {
  const { users } = await control<{ users: { email: string; password: string }[] }>("GET", "/fixtures");
  const person = users.find((user) => user.email.startsWith("claudia"));
  if (!person) throw new Error("no sandbox user claudia");
  await page.goto(`${APPS[0]}/sign-in`);
  await page
    .getByRole("button", { name: /Sign in/ })
    .first()
    .click();
  await page.getByRole("link", { name: "Germany" }).click();
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/\/(overview|businesses)$/);
  await page.goto(`${APPS[0]}/payroll`);
  await page.getByLabel("API key").fill(SABINE_KEY);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await page.getByText("Connected as Sabine Krüger").waitFor();
}

const HOURS_CELL = '[role="row"][data-employee="1"][data-line-number="1"] [data-col="total_hours"]';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  // Their output goes to stderr: stdout carries only the figures.
  const start = (args: string[], env: NodeJS.ProcessEnv) =>
    children.push(spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", 2, 2] }));
  const database = await benchDatabase("ledgerlane_collab_bench");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    await migrateDatabase(database.url);
    start(["--import", "tsx", "sandbox/main.ts"], { ...process.env, SANDBOX_PORT: String(SANDBOX_PORT) });
    await waitForHttp(`${SANDBOX_URL}/.well-known/sandbox.json`, 60_000);
    const discovery = (await (await fetch(`${SANDBOX_URL}/.well-known/sandbox.json`)).json()) as {
      accounting: Record<string, string>;
      payroll: { base_url: string };
    };
    const client = await control<{ client_id: string; client_secret: string }>("POST", "/clients", {
      name: "Ledgerlane (co-editing bench)",
      redirect_uris: APPS.map((app) => `${app}/api/auth/callback/accounting`),
      version: "v3.1",
    });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: database.url,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      TOKEN_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString("base64")}`,
      ACCOUNTING_AUTH_URL: discovery.accounting.auth_url,
      ACCOUNTING_TOKEN_URL: discovery.accounting.token_url,
      ACCOUNTING_REVOKE_URL: discovery.accounting.revoke_url,
      ACCOUNTING_BASE_URL: discovery.accounting.base_url,
      ACCOUNTING_CLIENT_ID: client.client_id,
      ACCOUNTING_CLIENT_SECRET: client.client_secret,
      PAYROLL_BASE_URL: discovery.payroll.base_url,
      SANDBOX_URL,
      JOBS_ENABLED: "false",
    };
    await ensureNextBuild(env);
    PORTS.forEach((port, index) =>
      start([appServerEntry(), ...appServerArgs(port, "127.0.0.1")], {
        ...env,
        PORT: String(port),
        NEXTAUTH_URL: APPS[index],
      }),
    );
    for (const app of APPS) await waitForHttp(`${app}/api/ready`, 120_000);

    const writerContext = await browser.newContext({ locale: "en-GB" });
    const writer = await writerContext.newPage();
    await signInAndConnect(writer);
    // Cookies belong to the host, not the port: the same session reaches the second process.
    const readerContext = await browser.newContext({
      locale: "en-GB",
      storageState: await writerContext.storageState(),
    });
    const reader = await readerContext.newPage();
    for (const [page, app] of [
      [writer, APPS[0]],
      [reader, APPS[1]],
    ] as const) {
      await page.goto(`${app}/payroll/companies/${COMPANY}/hours`);
      await page.getByRole("grid").waitFor();
    }
    // Both streams are open once each grid lists the other.
    for (const page of [writer, reader]) await page.getByTestId("presence").filter({ hasText: /\S/ }).waitFor();
    await writer.locator('[role="row"][data-employee="1"][data-line-number="1"] [data-col="type"]').click();
    await writer.keyboard.type("Hourly wage");
    await writer.keyboard.press("Enter");
    await reader
      .locator('[role="row"][data-employee="1"][data-line-number="1"] [data-col="type"]')
      .filter({ hasText: "Hourly wage" })
      .waitFor();

    const latencies: number[] = [];
    for (let edit = 1; edit <= EDITS; edit += 1) {
      const value = String(100 + edit);
      const before = await writer.evaluate(
        () => performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith("/hours/draft")).length,
      );
      await writer.locator(HOURS_CELL).click();
      await writer.keyboard.type(value);
      await writer.keyboard.press("Enter");
      const shownAt = await reader.waitForFunction(
        ({ selector, expected }) => {
          const cell = document.querySelector(selector);
          return cell?.textContent?.trim() === expected ? performance.timeOrigin + performance.now() : false;
        },
        { selector: HOURS_CELL, expected: value },
        { polling: "raf", timeout: 30_000 },
      );
      const paintedAt = (await shownAt.jsonValue()) as number;
      const savedAt = await writer.waitForFunction(
        (count) => {
          const saves = performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith("/hours/draft"));
          const save = saves[count];
          return save ? performance.timeOrigin + (save as PerformanceResourceTiming).fetchStart : false;
        },
        before,
        { timeout: 30_000 },
      );
      latencies.push(paintedAt - ((await savedAt.jsonValue()) as number));
    }
    console.error(
      `(collab updates over ${database.kind}: p50 ${percentile(latencies, 50).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms)`,
    );
    console.log(`collab_update_p95_ms: ${percentile(latencies, 95).toFixed(1)} ms`);
  } finally {
    await browser.close();
    for (const child of children.reverse()) await stopChild(child);
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
