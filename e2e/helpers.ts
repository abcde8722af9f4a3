import { expect, type Locator, type Page, type Response } from "@playwright/test";
import pg from "pg";
import { APP_URL } from "../playwright.config";
import { transferMonth } from "./time-controls";

// Shared steps of the browser tests: the sandbox's control API and the
// accounting service's authorization pages, as a person goes through them.

export const SANDBOX_URL = process.env.SANDBOX_URL ?? "http://127.0.0.1:4110";

export async function control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${SANDBOX_URL}/control${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface SandboxStats {
  token: { authorization_code: number; refresh_token: number };
  revoke: number;
  api: number;
}

export const stats = () => control<SandboxStats>("GET", "/stats");
export const issuedTokens = () => control<{ kind: string; value: string }[]>("GET", "/tokens");

export interface FixtureUser {
  id: string;
  email: string;
  password: string;
  businesses: { id: string; name: string; owner: boolean; lead: boolean; country: string; tier: string }[];
}

export async function fixtureUser(emailPrefix: string): Promise<FixtureUser> {
  const { users } = await control<{ users: FixtureUser[] }>("GET", "/fixtures");
  const user = users.find((candidate) => candidate.email.startsWith(emailPrefix));
  if (!user) throw new Error(`no sandbox user ${emailPrefix}`);
  return user;
}

/** At the service's pages: country (when asked), credentials, then Allow or Deny. */
export async function authorizeAtService(
  page: Page,
  person: { email: string; password: string },
  options: { country?: string; decision?: "Allow" | "Deny" } = {},
) {
  if (options.country) await page.getByRole("link", { name: options.country }).click();
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: options.decision ?? "Allow" }).click();
}

/** Every answer the app sends to this page (headers, URL and body), to look for leaked secrets. */
export function recordAppResponses(page: Page, appOrigins: string | readonly string[]): () => Promise<string[]> {
  const origins = typeof appOrigins === "string" ? [appOrigins] : appOrigins;
  const pending: Promise<string>[] = [];
  page.on("response", (response: Response) => {
    if (!origins.some((origin) => response.url().startsWith(origin))) return;
    pending.push(
      (async () => {
        const allHeaders = await response.allHeaders();
        const headers = JSON.stringify(allHeaders);
        // An event stream (the header's notifications) never ends while the page lives, so its body never
        // resolves; its events are counts and ids (features/notifications/server/stream.ts), read by its own tests.
        const streaming = allHeaders["content-type"]?.startsWith("text/event-stream") ?? false;
        const body = streaming ? "" : await response.text().catch(() => "");
        return `${response.url()}\n${headers}\n${body}`;
      })(),
    );
  });
  return () => Promise.all(pending);
}

/** Console errors while the page shows the app (the service's own pages are not the app's concern). */
export function collectConsoleErrors(page: Page, appOrigin: string = APP_URL): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && page.url().startsWith(appOrigin)) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

export async function expectNoTokenIn(texts: string[], tokens: { value: string }[]) {
  expect(tokens.length).toBeGreaterThan(0);
  for (const token of tokens) {
    for (const text of texts) expect(text.includes(token.value), "a token reached the browser").toBe(false);
  }
}

/**
 * Where signing in lands (issue #26): the firm's overview for a member of a workspace with a
 * payroll connection, the businesses for anyone else. The app's database outlives the sandbox's
 * reset, so whether a person's workspace has a connection depends on the specs run before.
 */
export const LANDING_URL = /\/(overview|businesses)$/;

/** Sabine Krüger's payroll API key at the sandbox (companies 1001 and 1002). */
export const SABINE_KEY = "pk_sandbox_i58pght2xur5dj21ss00bhkw";

/** Signs Claudia in (German business) and connects the payroll service with Sabine's key unless connected already. */
export async function signInAndConnectPayroll(page: Page): Promise<FixtureUser> {
  const person = await fixtureUser("claudia");
  await page.goto("/");
  await page
    .getByRole("button", { name: /Sign in|Anmelden/ })
    .first()
    .click();
  await authorizeAtService(page, person, { country: "Germany" });
  await expect(page).toHaveURL(LANDING_URL);
  await page.goto("/payroll");
  // The app's database outlives the sandbox's reset: an earlier test may have connected already.
  const connected = page.getByText(/(Connected as|Verbunden als) Sabine Krüger/);
  const apiKey = page.getByLabel(/API key|API-Schlüssel/);
  await expect(connected.or(apiKey)).toBeVisible();
  if (!(await connected.isVisible())) {
    await apiKey.fill(SABINE_KEY);
    await page.getByRole("button", { name: /^(Connect|Verbinden)$/ }).click();
    await expect(connected).toBeVisible();
  }
  return person;
}

/** Thomas Albrecht's payroll API key at the sandbox (company 2001, 1,000 employees). */
export const THOMAS_KEY = "pk_sandbox_qm1gphmm8yitmaz4tpv8y752";

/** Dara signs in (her own workspace, an Irish business) and connects the payroll service with Thomas Albrecht's key. */
export async function signInAndConnectThomas(page: Page): Promise<void> {
  await page.goto("/");
  await page
    .getByRole("button", { name: /Sign in/ })
    .first()
    .click();
  await authorizeAtService(page, await fixtureUser("dara"), { country: "Ireland" });
  await expect(page).toHaveURL(LANDING_URL);
  await page.goto("/payroll");
  await page.getByLabel("API key").fill(THOMAS_KEY);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByText("Connected as Thomas Albrecht")).toBeVisible();
}

/** The app's own database (E2E_DATABASE_URL, see playwright.config.ts), for what a test must check or clear there. */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The people who sign in by an e-mail like `verifiedEmailLike` (SQL LIKE) back in their own workspace
 * only: a spec that invited them into another leaves it as it found it (other specs count its members).
 */
export async function leaveOtherWorkspaces(verifiedEmailLike: string): Promise<void> {
  await withDatabase((client) =>
    client.query(
      `DELETE FROM workspace_members m USING users u WHERE m.user_id = u.id AND u.verified_email LIKE $1
         AND m.workspace_id IS DISTINCT FROM (SELECT id FROM workspaces WHERE personal_user_id = u.id)`,
      [verifiedEmailLike],
    ),
  );
}

/**
 * The app's database outlives the sandbox's reset: a grid spec starts from no draft of its company
 * (another spec, or the fuzz test, may have left one) and leaves none behind.
 */
export async function deleteEntryDrafts(companyId: number, kind?: "hours" | "payments"): Promise<void> {
  await withDatabase(async (client) => {
    await (kind
      ? client.query("DELETE FROM payroll_entry_drafts WHERE company_id = $1 AND kind = $2", [companyId, kind])
      : client.query("DELETE FROM payroll_entry_drafts WHERE company_id = $1", [companyId]));
    // A month left in review (or later) by the month-close spec would freeze the grid.
    await client.query("DELETE FROM month_closes WHERE company_id = $1", [companyId]);
  });
}

/**
 * Sends the company's month the only way there is: the month close's Submit for review, Approve
 * and Transfer (Claudia's workspace has one member, so four eyes is off and she approves herself).
 * On a grid page; waits until the month shows Transferred.
 */
export async function sendMonthThroughClose(page: Page, confirm?: (page: Page) => Promise<void>): Promise<void> {
  await approveMonth(page, "Sent by the test", confirm);
  // The Transfer is a job: run at once (./time-controls.ts); the page follows the month to its result.
  await transferMonth(page);
  await expect(page.getByRole("status", { name: "Month status" })).toHaveText("Transferred");
}

/**
 * The month's warnings acknowledged with `comment`, then Submit for review and Approve by the
 * same person (a workspace of one member: four eyes is off). On a grid page; ends Approved.
 * `confirm`: how the test confirms it is them when its sign-in is older than 10 minutes (./recent-sign-in.ts).
 */
export async function approveMonth(
  page: Page,
  comment: string,
  confirm?: (page: Page) => Promise<void>,
): Promise<void> {
  const status = page.getByRole("status", { name: "Month status" });
  await acknowledgeAllWarnings(page, comment);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(status).toHaveText("In review");
  await page.getByRole("button", { name: "Approve" }).click();
  if (confirm) await confirm(page);
  await expect(status).toHaveText("Approved");
}

/** Opens the month again after a transfer (Reopen, with a reason), so the grid can be edited. */
export async function reopenMonth(page: Page, reason: string): Promise<void> {
  await page.getByRole("button", { name: "Reopen" }).click();
  const dialog = page.getByRole("dialog", { name: /^Reopen/ });
  await dialog.getByLabel("Reason for reopening").fill(reason);
  await dialog.getByRole("button", { name: "Reopen the month" }).click();
  await expect(page.getByRole("status", { name: "Month status" })).toHaveText("Open");
}

/** The month's Checks region (English or German), once its checks have run. */
export async function checksRegion(page: Page) {
  const region = page.getByRole("region", { name: /^(Checks|Prüfungen)$/ });
  await expect(region).toHaveAttribute("data-checks-status", "done", { timeout: 15_000 });
  return region;
}

/**
 * Acknowledges every open warning of the Checks region with `comment`: all of a rule at once
 * where the region offers it (two or more of a rule, or some not listed), then the rest one by one.
 * The region must be shown (from 1280 px it is, beside the grid; below, open its drawer first).
 */
export async function acknowledgeAllWarnings(page: Page, comment = "Checked, correct this month"): Promise<void> {
  const region = await checksRegion(page);
  const acknowledgeIn = async (button: Locator) => {
    await button.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox").fill(comment);
    await dialog
      .getByRole("button", {
        name: /^(Acknowledge [\d,]+ warnings?|Acknowledge warning|[\d.]+ Warnungen? bestätigen|Warnung bestätigen)$/,
      })
      .click();
    await expect(dialog).toBeHidden();
  };
  const byRule = region
    .getByRole("group", { name: /^(Acknowledge by rule|Nach Regel bestätigen)$/ })
    .getByRole("button");
  while ((await byRule.count()) > 0) await acknowledgeIn(byRule.first());
  // The rest one by one, in the rules folded to one line unfolded first.
  const folded = region.locator('button[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  const buttons = region.getByRole("listitem").getByRole("button", { name: /Acknowledge|bestätigen/ });
  while ((await buttons.count()) > 0) await acknowledgeIn(buttons.first());
}

/** A GET of the accounting service's own API (v3.1) as `person`, with their live access token: what the service itself says. */
export async function accountingServiceGet<T>(person: FixtureUser, path: string): Promise<T> {
  const discovery = (await (await fetch(`${SANDBOX_URL}/.well-known/sandbox.json`)).json()) as {
    accounting: { base_url: string };
  };
  const tokens = await control<{ kind: string; value: string; user_id: string; version: string; state: string }[]>(
    "GET",
    "/tokens",
  );
  const token = tokens.find(
    (entry) =>
      entry.kind === "access" && entry.user_id === person.id && entry.version === "v3.1" && entry.state === "live",
  );
  if (!token) throw new Error("no live access token for the person");
  const response = await fetch(`${discovery.accounting.base_url}${path}`, {
    headers: { authorization: `Bearer ${token.value}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/**
 * A header switcher (CONTRACT.md: `Workspace`/`Arbeitsbereich`, `Business`/`Unternehmen`): a
 * combobox named by its label, showing the current choice's full name.
 */
export function headerSwitcher(page: Page, label: string): Locator {
  return page.getByRole("banner").getByRole("combobox", { name: label, exact: true });
}

/** The open switcher's choices (the language select's options are options too: not these). */
export function switcherChoices(page: Page, name?: string): Locator {
  return page
    .getByRole("listbox", { name: /^(Choices|Auswahl)$/ })
    .getByRole("option", name ? { name, exact: true } : {});
}

/** Opens a header switcher, types to filter and picks the named choice. */
async function pickInSwitcher(page: Page, label: string, name: string): Promise<void> {
  const trigger = headerSwitcher(page, label);
  await trigger.click();
  const search = page.getByRole("combobox", { name: /^(Type to filter|Zum Filtern tippen)$/ });
  await search.fill(name);
  await switcherChoices(page, name).click();
}

export async function switchWorkspace(page: Page, name: string, label = "Workspace"): Promise<void> {
  await pickInSwitcher(page, label, name);
}

export async function switchBusiness(page: Page, name: string, label = "Business"): Promise<void> {
  await pickInSwitcher(page, label, name);
}

/** The header's language switch (`Language` in every language). */
export async function switchLanguage(page: Page, locale: "en" | "de"): Promise<void> {
  await page.getByRole("banner").getByLabel("Language", { exact: true }).selectOption(locale);
}
