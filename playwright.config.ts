import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";

// The browser tests run against the production build started by `npm start`,
// on ports of their own so a developer's running app is left alone.
const port = Number(process.env.E2E_PORT ?? 3100);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
export const APP_URL = `http://localhost:${port}`;
process.env.SANDBOX_URL = `http://127.0.0.1:${sandboxPort}`;
// Without DATABASE_URL the app's embedded Postgres listens on a known port, so tests can read
// the app's database either way (E2E_DATABASE_URL, its superuser; the specs that start app
// processes of their own make their databases there, e2e/app-processes.ts).
const embeddedDatabasePort = Number(process.env.E2E_DATABASE_PORT ?? port + 2300);
// The app mails to an SMTP server a spec runs in its own process on this port (e2e/mailbox.ts).
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? port + 2400);
process.env.E2E_DATABASE_URL =
  process.env.DATABASE_URL ??
  `postgresql://postgres:postgres@127.0.0.1:${embeddedDatabasePort}/postgres?sslmode=disable`;
// The run's template database, migrated once by the first spec that needs a database of its own
// (e2e/app-processes.ts) and dropped at the end (e2e/global-teardown.ts). Named here, in the
// runner, so that every worker (which loads this file again) inherits the same name.
process.env.E2E_TEMPLATE_DATABASE ??= `ledgerlane_e2e_template_${randomBytes(4).toString("hex")}`;
// The specs on the pair of app processes of e2e/app-pair.ts: a project of their own, so they run
// one after the other and the pair (a worker fixture) lives only while they run.
const APP_PAIR_SPECS = ["**/co-editing.spec.ts", "**/two-processes.spec.ts"];
// The app's session secret for the run, known to the specs: the page matrix (e2e/page-matrix.spec.ts) makes
// session cookies for people it creates in the database instead of signing each in through the UI.
// Named here, in the runner, so that every worker (which loads this file again) inherits the same one.
process.env.E2E_NEXTAUTH_SECRET ??= randomBytes(32).toString("base64url");

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  globalTeardown: "./e2e/global-teardown.ts",
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: APP_URL,
    trace: "retain-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
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
    },
  },
  projects: [
    { name: "app", testIgnore: APP_PAIR_SPECS },
    { name: "app-pair", testMatch: APP_PAIR_SPECS },
  ],
  webServer: {
    command: "npm start",
    url: `${APP_URL}/api/ready`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      NEXTAUTH_URL: APP_URL,
      NEXTAUTH_SECRET: process.env.E2E_NEXTAUTH_SECRET,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // Tests move the app's clock with the sandbox's and run scheduled jobs at once (lib/clock); never set in production.
      TEST_CONTROLS: "true",
      // The specs pack hours of a person's work into seconds (sign-ins, 12-month exports, one after another on one
      // connection): a per-minute request budget meant for real use would refuse them. The budget has its own tests
      // (lib/http/server/upstream-budget.test.ts) and bench (upstream_budget_overshoot), like the other benches' budgets.
      UPSTREAM_BUDGET_ACCOUNTING_PER_MINUTE: "1000000",
      UPSTREAM_BUDGET_PAYROLL_PER_MINUTE: "1000000",
      // The webhook spec's receiver listens on 127.0.0.1 (features/webhooks/server/address-guard.ts); never set in production.
      WEBHOOKS_ALLOW_PRIVATE: "true",
      // The given database (a superuser's URL, as CI's) is where npm start makes the app's two roles:
      // the app runs as the one that only reads and writes rows (scripts/db/roles.ts), as in production.
      ...(process.env.DATABASE_URL
        ? { DATABASE_ADMIN_URL: process.env.DATABASE_URL, DATABASE_URL: "" }
        : { EMBEDDED_DATABASE_DIR: "memory", EMBEDDED_DATABASE_PORT: String(embeddedDatabasePort) }),
    },
  },
});
