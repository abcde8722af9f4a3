import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../scripts/db/embedded-postgres";
import { migrateDatabase } from "../scripts/db/migrate";
import { authorizeAtService, control, fixtureUser, SABINE_KEY, SANDBOX_URL } from "./helpers";

// Live co-editing of a month: two browsers, each served by its own app process (production
// build), on one database. A line saved in one grid appears in the other without a reload
// (Postgres LISTEN/NOTIFY → server-sent events), the same cell changed in both at once is a
// conflict the second one resolves, and each grid shows who else is there.
//
// Both browsers sign in as the same person (Claudia): payroll connections are still personal,
// so two members cannot reach the same connection's drafts yet. Two sign-ins are two sessions
// and two open grids, which is what the co-editing works with; once connections belong to a
// workspace, the second browser becomes a colleague.

const ROOT = path.resolve(import.meta.dirname, "..");
const PORTS = [3311, 3312];
const APPS = PORTS.map((port) => `http://localhost:${port}`);
const COMPANY = 1001;
let embedded: EmbeddedPostgres | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const children: ChildProcess[] = [];
const logs: string[] = [];

test.describe.configure({ mode: "serial" });

async function freshDatabase(): Promise<string> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    embedded = await startEmbeddedPostgres();
    return embedded.url;
  }
  const name = `ledgerlane_e2e_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

function nextReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!/Ready in/.test(output)) return;
      child.stdout?.off("data", onData);
      resolve();
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code, signal) => reject(new Error(`next start exited before it was ready (${signal ?? `code ${code}`})`)));
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // A clean sandbox first: a reset forgets the app registration made below.
  await control("POST", "/reset");
  const databaseUrl = await freshDatabase();
  await migrateDatabase(databaseUrl);
  const discovery = (await (await fetch(`${SANDBOX_URL}/.well-known/sandbox.json`)).json()) as { accounting: Record<string, string>; payroll: { base_url: string } };
  const client = await control<{ client_id: string; client_secret: string }>("POST", "/clients", {
    name: "Ledgerlane (co-editing)",
    redirect_uris: APPS.map((app) => `${app}/api/auth/callback/accounting`),
    version: "v3.1",
  });
  const shared: NodeJS.ProcessEnv = {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    TOKEN_ENCRYPTION_KEYS: `e2e:${randomBytes(32).toString("base64")}`,
    ACCOUNTING_AUTH_URL: discovery.accounting.auth_url!,
    ACCOUNTING_TOKEN_URL: discovery.accounting.token_url!,
    ACCOUNTING_REVOKE_URL: discovery.accounting.revoke_url!,
    ACCOUNTING_BASE_URL: discovery.accounting.base_url!,
    ACCOUNTING_CLIENT_ID: client.client_id,
    ACCOUNTING_CLIENT_SECRET: client.client_secret,
    PAYROLL_BASE_URL: discovery.payroll.base_url,
    SANDBOX_URL,
    JOBS_ENABLED: "false",
  };
  for (const port of PORTS) {
    const child = spawn(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(port)], {
      cwd: ROOT,
      env: { ...process.env, ...shared, PORT: String(port), NEXTAUTH_URL: `http://localhost:${port}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
    children.push(child);
  }
  await Promise.all(children.map(nextReady));
});

test.afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
  await embedded?.stop();
  await dropDatabase?.();
});

const cell = (page: Page, employee: number, column: string, line = 1) =>
  page.locator(`[role="row"][data-employee="${employee}"][data-line-number="${line}"] [role="gridcell"][data-col="${column}"]`);

async function openGrid(browser: Browser, app: string, connect: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: app, locale: "en-GB" });
  const page = await context.newPage();
  await page.goto(`${app}/sign-in`);
  await page.getByRole("button", { name: "Sign in with your accounting account" }).click();
  await authorizeAtService(page, await fixtureUser("claudia"), { country: "Germany" });
  await expect(page).toHaveURL(/\/businesses$/);
  if (connect) {
    await page.goto(`${app}/payroll`);
    await page.getByLabel("API key").fill(SABINE_KEY);
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(page.getByText("Connected as Sabine Krüger")).toBeVisible();
  }
  await page.goto(`${app}/payroll/companies/${COMPANY}/hours`);
  await expect(page.getByRole("grid", { name: "Hours of Bäckerei Krüger GmbH" })).toBeVisible();
  return page;
}

test("a line typed in one browser appears in the other's open grid; the same cell changed in both is a conflict to choose; each sees the other", async ({ browser }) => {
  test.setTimeout(180_000);
  const one = await openGrid(browser, APPS[0]!, true);
  const other = await openGrid(browser, APPS[1]!, false);

  // Presence: each grid lists the other, with the row they are on once they move there.
  await expect(one.getByTestId("presence")).toContainText(/Also here: claudia/i);
  await expect(other.getByTestId("presence")).toContainText(/Also here: claudia/i);
  await cell(other, 3, "type").click();
  await expect(one.getByTestId("presence")).toContainText("(row 3,");

  // Typed and saved in one process's browser, shown in the other's without a reload.
  await cell(one, 1, "type").click();
  await one.keyboard.type("Hourly wage");
  await one.keyboard.press("Tab");
  await one.keyboard.type("8");
  await one.keyboard.press("Enter");
  await expect(cell(other, 1, "type")).toHaveText("Hourly wage", { timeout: 5_000 });
  await expect(cell(other, 1, "total_hours")).toHaveText("8");
  await expect(one.locator('[data-draft-state="saved"]')).toBeVisible();

  // The same cell in both at once: the second browser's save is held until the first one's is stored.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await other.route("**/api/payroll-entries/*/hours/draft", async (route) => {
    if (route.request().method() === "PUT") await held;
    await route.continue();
  });
  await cell(other, 1, "total_hours").click();
  await other.keyboard.type("7");
  await other.keyboard.press("Enter");
  await cell(one, 1, "total_hours").click();
  await one.keyboard.type("5");
  await one.keyboard.press("Enter");
  await expect(one.locator('[data-draft-state="saved"]')).toBeVisible();
  // The other grid heard of that save, but keeps its own unsaved 7 (not overwritten).
  await expect(cell(other, 1, "total_hours")).toHaveText("7");
  release();

  const dialog = other.getByRole("dialog", { name: "Someone else changed the same lines" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-side="theirs"]')).toHaveText("5");
  await expect(dialog.locator('[data-side="yours"]')).toHaveText("7");
  // Chosen with the keyboard: the dialog holds focus; Tab reaches the choice.
  await dialog.getByRole("button", { name: "Keep my value" }).focus();
  await other.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(cell(other, 1, "total_hours")).toHaveText("7");
  // Mine, saved on top of theirs, reaches the first grid.
  await expect(cell(one, 1, "total_hours")).toHaveText("7", { timeout: 5_000 });
  await expect(other.locator('[data-draft-state="saved"]')).toBeVisible();

  // Closing one grid removes it from the other's list.
  await other.context().close();
  await expect(one.getByTestId("presence")).toBeEmpty({ timeout: 10_000 });
  await one.context().close();
});
