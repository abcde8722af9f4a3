import { spawn } from "node:child_process";
import type { Page } from "@playwright/test";

// What the browser benchmarks share: the sandbox's control API and signing in as a sandbox
// person through the real OAuth pages, then connecting a payroll customer.

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
