import path from "node:path";
import pg from "pg";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { benchDatabase } from "../../scripts/lib/machine-database";
import { waitForHttp } from "../../scripts/lib/processes";
import { CHROMIUM_ARGS, sandboxControl, startBenchApp } from "../../scripts/lib/bench-browser";

// A notification's way from a state change in one app process to another person's open page
// served by a second app process (production builds, one database):
//   notify_latency_p95_ms  p95 over 20 changes: from sending the change (a member accepting an
//                          invitation, POST /api/invitations/accept at the first process) to the
//                          frame in which the inviter's page, open at the second process, shows the
//                          header's new count (its stream: pg_notify at commit → the second
//                          process's LISTEN → server-sent event → TanStack Query → paint).

const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.NOTIFY_BENCH_PORT ?? 3540);
const SANDBOX_PORT = Number(process.env.NOTIFY_BENCH_SANDBOX_PORT ?? 4540);
const [FIRST, SECOND] = [`http://localhost:${PORT}`, `http://localhost:${PORT + 1}`];
const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
const ROUNDS = 20;
const WARM_UP = 2;

async function signIn(context: BrowserContext, email: string, country: string): Promise<void> {
  const { users } = await sandboxControl(SANDBOX_URL)<{ users: { email: string; password: string }[] }>(
    "GET",
    "/fixtures",
  );
  const person = users.find((user) => user.email.startsWith(email));
  if (!person) throw new Error(`no sandbox user ${email}`);
  const page = await context.newPage();
  await page.goto(FIRST);
  await page
    .getByRole("button", { name: /Sign in/ })
    .first()
    .click();
  // The service asks for the country unless this browser told it before.
  const countryLink = page.getByRole("link", { name: country });
  await countryLink.or(page.getByLabel("Email")).first().waitFor({ timeout: 60_000 });
  if (await countryLink.isVisible()) await countryLink.click();
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/\/businesses$/);
  await page.close();
}

/** Records when (epoch ms, at the frame after the change) the header's notifications link got each name. */
async function watchBell(page: Page): Promise<void> {
  await page.evaluate(() => {
    const store = window as unknown as { __names: { name: string; at: number }[] };
    store.__names = [];
    const bell = document.querySelector('header a[href="/notifications"]');
    if (!bell) throw new Error("no notifications link in the header");
    new MutationObserver(() => {
      const name = bell.getAttribute("aria-label") ?? "";
      requestAnimationFrame(() => store.__names.push({ name, at: Date.now() }));
    }).observe(bell, { attributes: true, attributeFilter: ["aria-label"] });
  });
}

async function shownAt(page: Page, unread: number): Promise<number> {
  const wanted = `Notifications, ${unread} unread`;
  const handle = await page.waitForFunction(
    (name) =>
      (window as unknown as { __names: { name: string; at: number }[] }).__names.find((entry) => entry.name === name)
        ?.at,
    wanted,
    { timeout: 30_000, polling: 20 },
  );
  return (await handle.jsonValue()) as number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  const database = await benchDatabase("ledgerlane_notify_bench");
  // Each round uses an invitation link: the per-person limit on links used is not what is measured.
  process.env.RATE_LIMIT_INVITATION_TOKENS_PER_PERSON_MINUTE = "100000";
  const app = (port: number, sandboxPort: number) =>
    startBenchApp({ root: ROOT, port, sandboxPort, distDir: ".next-notify-bench", databaseUrl: database.url });
  const first = app(PORT, SANDBOX_PORT);
  const stops = [first.stop];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    await waitForHttp(`${FIRST}/api/ready`, 15 * 60_000);
    // The second process after the first built the app (the same build), with a sandbox of its own it does not use here.
    const second = app(PORT + 1, SANDBOX_PORT + 1);
    stops.push(second.stop);
    await waitForHttp(`${SECOND}/api/ready`, 5 * 60_000);

    // Claudia owns her personal workspace and invites; Alice joins and is removed again, round after round.
    const owner = await browser.newContext();
    const member = await browser.newContext();
    await signIn(owner, "claudia", "Germany");
    await signIn(member, "alice", "United Kingdom");
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { rows } = await db.query<{ workspace: string; alice: string }>(
      `SELECT (SELECT w.id::text FROM workspaces w JOIN users u ON w.personal_user_id = u.id WHERE u.display_name LIKE 'Claudia%') AS workspace,
              (SELECT id::text FROM users WHERE display_name LIKE 'Alice%') AS alice`,
    );
    await db.end();
    const { workspace, alice } = rows[0]!;

    // The session cookie is the host's (localhost, any port): the owner's page is served by the second process.
    const page = await owner.newPage();
    await page.goto(`${SECOND}/notifications`);
    await page.getByRole("link", { name: "Notifications, none unread" }).waitFor();
    await watchBell(page);

    const latencies: number[] = [];
    for (let round = 1; round <= ROUNDS + WARM_UP; round++) {
      const created = await owner.request.post(`${FIRST}/api/workspaces/${workspace}/invitations`, {
        data: { roles: ["viewer"] },
      });
      const { data } = (await created.json()) as { data: { token: string } };
      const sentAt = Date.now();
      const accepted = await member.request.post(`${FIRST}/api/invitations/accept`, { data: { token: data.token } });
      if (!accepted.ok()) throw new Error(`accepting answered ${accepted.status()}: ${await accepted.text()}`);
      const latency = (await shownAt(page, round)) - sentAt;
      if (round > WARM_UP) latencies.push(latency);
      const removed = await owner.request.delete(`${FIRST}/api/workspaces/${workspace}/members/${alice}`);
      if (!removed.ok()) throw new Error(`removing answered ${removed.status()}`);
    }
    console.error(`notify bench: latencies ${latencies.map((ms) => Math.round(ms)).join(", ")} ms (${database.kind})`);
    console.log(`notify_latency_p95_ms: ${Math.round(percentile(latencies, 95))} ms`);
  } finally {
    await browser.close();
    for (const stop of stops.reverse()) stop();
    await database.stop();
  }
}

await main();
