import { expect, type Page } from "@playwright/test";
import pg from "pg";
import { APP_URL } from "../playwright.config";
import {
  authorizeAtService,
  collectConsoleErrors,
  control,
  expectNoTokenIn,
  fixtureUser,
  recordAppResponses,
} from "./helpers";
import { test } from "./fixtures";

// The legacy v3 flow against the sandbox: sign-in per country (each code at its
// country's token host), renewal, disconnect (legacy revoke, empty 204) and
// the move to v3.1. The app's database is read to check what is stored
// (E2E_DATABASE_URL: DATABASE_URL, or the app's embedded Postgres).

test.describe.configure({ mode: "serial" });

type Regions = { na: number; eu: number; gb: number };
interface Stats {
  token: { authorization_code: number; refresh_token: number };
  legacy_token: Regions;
  legacy_revoke: Regions;
  legacy_authorize: number;
}
interface IssuedToken {
  kind: string;
  value: string;
  version: string;
  user_id: string;
  state: string;
}
const stats = () => control<Stats>("GET", "/stats");
const tokens = () => control<IssuedToken[]>("GET", "/tokens");

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

interface ConnectionRow {
  version: string;
  country: string | null;
  resource_owner_id: string | null;
  status: string;
  refresh_token_encrypted: string | null;
  access_token_encrypted: string | null;
}

async function connectionsOf(accountingUserId: string): Promise<ConnectionRow[]> {
  return query<ConnectionRow>(
    `SELECT c.version::text AS version, c.country, c.resource_owner_id, c.status::text AS status, c.refresh_token_encrypted, c.access_token_encrypted
     FROM accounting_connections c JOIN users u ON u.id = c.user_id WHERE u.accounting_user_id = $1 ORDER BY c.version`,
    [accountingUserId],
  );
}

async function signInLegacy(page: Page, person: { email: string; password: string }, countryName: string) {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with a legacy v3 registration" }).click();
  await expect(page.getByRole("heading", { name: "Choose your country" })).toBeVisible();
  await authorizeAtService(page, person, { country: countryName });
  await expect(page).toHaveURL(/\/settings\/connection$/);
  await expect(page.getByRole("heading", { name: "Legacy v3 connection" })).toBeVisible();
}

const legacySection = (page: Page) => page.getByRole("region", { name: "Legacy v3 connection" });

function detail(page: Page, label: string) {
  return legacySection(page).locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
}

test("GB user: legacy sign-in at the GB host, renewal after 3600 s, v3.1 pages say so, disconnect with a 204 revoke", async ({
  page,
}) => {
  const alice = await fixtureUser("alice");
  const lead = alice.businesses.find((business) => business.lead)!;
  const errors = collectConsoleErrors(page, APP_URL);
  const responses = recordAppResponses(page, APP_URL);

  await signInLegacy(page, alice, "United Kingdom");
  let now = await stats();
  expect(now.legacy_token).toEqual({ na: 0, eu: 0, gb: 1 });
  expect(now.token.authorization_code).toBe(0);
  await expect(detail(page, "Flow")).toHaveText("Legacy v3");
  await expect(detail(page, "Country")).toHaveText("GB");
  await expect(detail(page, "Site (X-Site)")).toHaveText(lead.id);

  // Stored: one v3 connection, by country and resource owner, tokens sealed.
  const [row] = await connectionsOf(`v3:${lead.id}`);
  expect(row).toMatchObject({ version: "v3", country: "GB", resource_owner_id: lead.id, status: "active" });
  const issued = (await tokens()).filter((token) => token.version === "v3");
  expect(issued.map((token) => token.kind).sort()).toEqual(["access", "refresh"]);
  for (const token of issued) {
    expect(row!.refresh_token_encrypted).not.toContain(token.value);
    expect(row!.access_token_encrypted).not.toContain(token.value);
  }
  const firstAccess = issued.find((token) => token.kind === "access")!;
  const firstRefresh = issued.find((token) => token.kind === "refresh")!;

  // Renewal: the service's clock passes 3600 s, and the app's record says expired too.
  await control("POST", "/clock", { advance_seconds: 3601 });
  await query(
    "UPDATE accounting_connections SET access_token_expires_at = now() - interval '1 second' WHERE resource_owner_id = $1",
    [lead.id],
  );
  const beforeRenewal = await stats();
  await legacySection(page).getByRole("button", { name: "Check the connection" }).click();
  await expect(legacySection(page).getByRole("status")).toContainText("The legacy v3 connection works");
  now = await stats();
  expect(now.legacy_token.gb - beforeRenewal.legacy_token.gb).toBe(1);
  expect(now.legacy_token.na + now.legacy_token.eu).toBe(0);
  let states = await tokens();
  expect(states.find((token) => token.value === firstRefresh.value)?.state).toBe("rotated");
  expect(
    states
      .filter((token) => token.version === "v3" && token.state === "live")
      .map((token) => token.kind)
      .sort(),
  ).toEqual(["access", "refresh"]);
  expect(states.find((token) => token.value === firstAccess.value)?.state).not.toBe("live");
  // A second check uses the renewed token: no second renewal.
  await legacySection(page).getByRole("button", { name: "Check the connection" }).click();
  await expect(legacySection(page).getByRole("status")).toContainText("The legacy v3 connection works");
  expect((await stats()).legacy_token.gb - beforeRenewal.legacy_token.gb).toBe(1);

  // Pages needing the v3.1 business and user endpoints say so and offer the move.
  await page.goto("/user");
  await expect(page.getByRole("alert").filter({ hasText: "This page needs v3.1" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Move to v3.1" })).toBeVisible();
  await page.goto("/businesses");
  await expect(page.getByRole("alert").filter({ hasText: "This page needs v3.1" })).toBeVisible();
  await page.goto("/trial-balance");
  await expect(page.getByRole("alert").filter({ hasText: "This page needs v3.1" })).toBeVisible();
  const proxied = await page.request.get("/api/accounting/user");
  expect(proxied.status()).toBe(409);
  expect((await proxied.json()).error.code).toBe("needs_v3_1");

  // Disconnect: the legacy revoke at the GB host (the app accepts only an empty 204).
  await page.goto("/settings/connection");
  const beforeRevoke = await stats();
  await legacySection(page).getByRole("button", { name: "Disconnect legacy v3" }).click();
  await page
    .getByRole("dialog", { name: "Disconnect the legacy v3 connection?" })
    .getByRole("button", { name: "Disconnect legacy v3" })
    .click();
  await expect(page.getByRole("status")).toContainText("Disconnected");
  await expect(page.getByRole("heading", { name: "Legacy v3 connection" })).toHaveCount(0);
  now = await stats();
  expect(now.legacy_revoke.gb - beforeRevoke.legacy_revoke.gb).toBe(1);
  expect(now.legacy_revoke.na + now.legacy_revoke.eu).toBe(0);
  states = await tokens();
  expect(states.filter((token) => token.version === "v3" && token.state === "live")).toEqual([]);
  expect(await connectionsOf(`v3:${lead.id}`)).toEqual([]);

  expect(errors).toEqual([]);
  await expectNoTokenIn(await responses(), await tokens());
});

test("US user: legacy sign-in at the NA host, then the move to v3.1 leaves one v3.1 connection and no live v3 token", async ({
  page,
}) => {
  const ben = await fixtureUser("ben");
  const lead = ben.businesses.find((business) => business.lead)!;
  const errors = collectConsoleErrors(page, APP_URL);

  await signInLegacy(page, ben, "United States");
  expect((await stats()).legacy_token).toEqual({ na: 1, eu: 0, gb: 0 });
  await expect(detail(page, "Country")).toHaveText("US");
  expect((await connectionsOf(`v3:${lead.id}`)).map((row) => [row.version, row.country])).toEqual([["v3", "US"]]);

  // The move: sign in through v3.1 (the country is known), then the v3 token is revoked.
  await legacySection(page).getByRole("button", { name: "Move to v3.1" }).click();
  await page.getByLabel("Email").fill(ben.email);
  await page.getByLabel("Password").fill(ben.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/settings\/connection\?moved=1$/);
  await expect(page.getByRole("status")).toContainText("Moved to v3.1");
  await expect(page.locator("dd").first()).toHaveText("Connected");
  await expect(page.getByRole("heading", { name: "Legacy v3 connection" })).toHaveCount(0);

  const now = await stats();
  expect(now.token.authorization_code).toBe(1);
  expect(now.legacy_revoke).toEqual({ na: 1, eu: 0, gb: 0 });
  expect((await tokens()).filter((token) => token.version === "v3" && token.state === "live")).toEqual([]);
  // The same person, now known by the v3.1 user id, with exactly one connection: v3.1.
  expect(await connectionsOf(`v3:${lead.id}`)).toEqual([]);
  const rows = await connectionsOf(ben.id);
  expect(rows.map((row) => [row.version, row.status])).toEqual([["v3.1", "active"]]);

  // The v3.1 pages work now.
  await page.goto("/user");
  await expect(page.getByText(ben.email)).toBeVisible();
  expect(errors).toEqual([]);
});

test("the move refuses a v3.1 account with another lead business: nothing of the legacy person is taken over", async ({
  page,
}) => {
  const alice = await fixtureUser("alice");
  const priya = await fixtureUser("priya");
  const lead = alice.businesses.find((business) => business.lead)!;

  await signInLegacy(page, alice, "United Kingdom");
  await legacySection(page).getByRole("button", { name: "Move to v3.1" }).click();
  // Priya also signs in in the United Kingdom, but her lead business is another one.
  await page.getByLabel("Email").fill(priya.email);
  await page.getByLabel("Password").fill(priya.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/settings\/connection\?moved=0$/);
  await expect(page.getByRole("alert").filter({ hasText: "Not moved" })).toBeVisible();

  expect((await stats()).legacy_revoke).toEqual({ na: 0, eu: 0, gb: 0 });
  expect((await connectionsOf(`v3:${lead.id}`)).map((row) => [row.version, row.status])).toEqual([["v3", "active"]]);
  expect((await connectionsOf(priya.id)).map((row) => row.version)).toEqual(["v3.1"]);
  expect((await tokens()).filter((token) => token.version === "v3" && token.state === "live")).toHaveLength(2);
  await query("DELETE FROM users WHERE accounting_user_id = $1", [`v3:${lead.id}`]);
});
