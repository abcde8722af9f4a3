import { spawnSync } from "node:child_process";
import { expect } from "@playwright/test";
import pg from "pg";
import { test } from "./app-pair";
import {
  authorizeAtService,
  control,
  expectNoTokenIn,
  fixtureUser,
  issuedTokens,
  recordAppResponses,
  stats,
  LANDING_URL,
} from "./helpers";

// Two app processes (production build) sharing one database: renewal is
// locked across processes, and no plaintext token reaches the database, the
// logs or the browser.

let sessionCookie = "";

test.describe.configure({ mode: "serial" });

test("50 concurrent proxied requests with an expired access token from 2 processes make exactly 1 renewal, and all succeed", async ({
  page,
  appPair,
}) => {
  const APPS = appPair.urls;
  // Ready (web processes without jobs: the database and the migrations only) before anything else.
  for (const app of APPS)
    expect(await (await fetch(`${app}/api/ready`)).json()).toEqual({
      ok: true,
      data: { checks: { database: "ok", migrations: "ok" } },
    });
  const alice = await fixtureUser("alice");
  // Both processes' answers to the browser (the leak check at the end must have seen some).
  const responses = recordAppResponses(page, APPS);
  await page.goto(`${APPS[0]}/sign-in`);
  await page.getByRole("button", { name: "Sign in with your accounting account" }).click();
  await authorizeAtService(page, alice, { country: "United Kingdom" });
  await expect(page).toHaveURL(LANDING_URL);
  await page.goto(`${APPS[1]}/user`);
  // Cookies are per host, not port: the second process serves the same session from the shared database.
  await expect(page.getByText(alice.email)).toBeVisible();
  const cookie = (await page.context().cookies(APPS[0])).find((entry) => entry.name === "ledgerlane.session");
  expect(cookie).toBeDefined();
  sessionCookie = `ledgerlane.session=${cookie!.value}`;

  // The access token expires: at the service (its clock) and in the app's records.
  await control("POST", "/clock", { advance_seconds: 301 });
  const db = new pg.Client({ connectionString: appPair.database.url });
  await db.connect();
  await db.query("UPDATE accounting_connections SET access_token_expires_at = now() - interval '1 second'");
  await db.end();

  const before = await stats();
  const answers = await Promise.all(
    Array.from({ length: 50 }, async (_, index) => {
      const response = await fetch(`${APPS[index % 2]}/api/accounting/user`, { headers: { cookie: sessionCookie } });
      const text = await response.text();
      if (response.status !== 200)
        console.log(`answer ${response.status}: ${text.slice(0, 300)}\n${appPair.logs().slice(-3000)}`);
      return { status: response.status, body: JSON.parse(text || "{}") as { ok: boolean; data?: { email?: string } } };
    }),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
  expect(answers.every((answer) => answer.body.ok && answer.body.data?.email === alice.email)).toBe(true);
  expect((await stats()).token.refresh_token - before.token.refresh_token).toBe(1);

  // The browser's view of both processes, for the leak check below.
  await page.goto(`${APPS[0]}/settings/connection`);
  await expect(page.locator("dd").first()).toHaveText("Connected");
  await page.goto(`${APPS[0]}/user`);
  await expect(page.getByText(alice.email)).toBeVisible();
  const seen = await responses();
  expect(seen.length).toBeGreaterThan(0);
  await expectNoTokenIn(seen, await issuedTokens());
});

test("the proxy's URLs pass their path and query on through proxy.ts's rewrite", async ({ request, appPair }) => {
  const APPS = appPair.urls;
  type Page = { ok: boolean; data: { $items: { id: string }[] } };
  const all = (await (
    await request.get(`${APPS[0]}/api/accounting/businesses`, { headers: { cookie: sessionCookie } })
  ).json()) as Page;
  const one = (await (
    await request.get(`${APPS[0]}/api/accounting/businesses?items_per_page=1`, { headers: { cookie: sessionCookie } })
  ).json()) as Page;
  expect(all.ok && one.ok).toBe(true);
  expect(all.data.$items.length).toBeGreaterThan(1);
  expect(one.data.$items.map((business) => business.id)).toEqual([all.data.$items[0]!.id]);
  // ACCOUNTING_PATH_HEADER of features/accounting/proxy-path.ts (that module imports next/server, which Playwright's loader cannot).
  const forged = await request.get(`${APPS[0]}/api/accounting/user`, {
    headers: { cookie: sessionCookie, "x-ledgerlane-accounting-path": "/businesses" },
  });
  expect(((await forged.json()) as { data: { last_name?: string } }).data.last_name).toBeTruthy();
});

test("no plaintext token in a dump of the database, in the logs, or in answers to the browser", async ({
  request,
  appPair,
}) => {
  const [APPS, database, databaseUrl] = [appPair.urls, appPair.database, appPair.database.url];
  const tokens = await issuedTokens();
  const session = await request.get(`${APPS[1]}/api/auth/session`, { headers: { cookie: sessionCookie } });
  const proxied = await request.get(`${APPS[1]}/api/accounting/businesses`, { headers: { cookie: sessionCookie } });
  await expectNoTokenIn(
    [await session.text(), await proxied.text(), JSON.stringify(session.headers()), JSON.stringify(proxied.headers())],
    tokens,
  );

  let dump: string;
  if (database.embedded) {
    // The embedded Postgres ships no pg_dump (only its server): every table of every schema, as text.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const tables = await db.query<{ schemaname: string; tablename: string }>(
      "SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    const parts: string[] = [];
    for (const table of tables.rows) {
      const rows = (await db.query(`SELECT * FROM "${table.schemaname}"."${table.tablename}"`)).rows;
      parts.push(`-- ${table.schemaname}.${table.tablename}\n${JSON.stringify(rows)}`);
    }
    await db.end();
    dump = parts.join("\n");
  } else {
    const result = spawnSync("pg_dump", [databaseUrl], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    expect(result.status).toBe(0);
    dump = result.stdout;
  }
  expect(dump).toContain("accounting_connections");
  await expectNoTokenIn([dump], tokens);
  expect(appPair.logs().length).toBeGreaterThan(0);
  await expectNoTokenIn([appPair.logs()], tokens);
});
