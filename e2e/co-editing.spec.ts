import { readFile } from "node:fs/promises";
import { expect, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { test } from "./app-pair";
import type { MigratedDatabase } from "./app-processes";
import { authorizeAtService, fixtureUser, SABINE_KEY, type FixtureUser, headerSwitcher, LANDING_URL } from "./helpers";

// Live co-editing of a month: two browsers, each served by its own app process (production
// build), on one database. A line saved in one grid appears in the other without a reload
// (Postgres LISTEN/NOTIFY → server-sent events), the same cell changed in both at once is a
// conflict the second one resolves, and each grid shows who else is there.
//
// Two people of one firm: the owner (Claudia) invites a clerk (Dara) by link; the audit trail
// then holds both people's changes, and removing the clerk refuses their next request.

const COMPANY = 1001;
/** Requests the test holds open (an event stream): ended before the app processes stop, also when the test failed. */
const openRequests: AbortController[] = [];

test.describe.configure({ mode: "serial" });

test.afterAll(() => {
  for (const request of openRequests) request.abort();
});

/** The stored hours lines of an employee in the processes' database. */
async function storedLines(database: MigratedDatabase, employee: number): Promise<Record<string, string>[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ values: Record<string, string> }>(
      `SELECT "values" FROM payroll_entry_draft_lines WHERE company_id = $1 AND kind = 'hours' AND employee_id = $2 AND NOT deleted ORDER BY position`,
      [COMPANY, employee],
    );
    return rows.map((row) => row.values);
  } finally {
    await client.end();
  }
}

const cell = (page: Page, employee: number, column: string, line = 1) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="${line}"] [role="gridcell"][data-col="${column}"]`,
  );

/** A person signed in through the accounting service's pages, in a browser of their own on `app`. */
async function signIn(browser: Browser, app: string, person: FixtureUser, country: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: app, locale: "en-GB" });
  const page = await context.newPage();
  await page.goto(`${app}/sign-in`);
  await page.getByRole("button", { name: "Sign in with your accounting account" }).click();
  await authorizeAtService(page, person, { country });
  await expect(page).toHaveURL(LANDING_URL);
  return page;
}

async function openHours(page: Page): Promise<void> {
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(page.getByRole("grid", { name: "Hours of Bäckerei Krüger GmbH" })).toBeVisible();
}

test("an owner invites a clerk, who types in the shared month; the owner sees it live, a same-cell conflict is chosen, the audit trail and its CSV hold both changes, and the removed clerk is refused", async ({
  browser,
  appPair,
}) => {
  test.setTimeout(240_000);
  const APPS = appPair.urls;
  const [claudia, dara] = [await fixtureUser("claudia"), await fixtureUser("dara")];

  // The owner (first app process) connects the firm's payroll customer and invites a clerk.
  const owner = await signIn(browser, APPS[0]!, claudia, "Germany");
  await owner.goto("/payroll");
  await owner.getByLabel("API key").fill(SABINE_KEY);
  await owner.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(owner.getByText("Connected as Sabine Krüger")).toBeVisible();
  await owner.goto("/settings/workspace");
  const roles = owner.getByRole("group", { name: "Roles of the invited person" });
  for (const role of ["Owner", "Approver", "Viewer"]) await roles.getByLabel(role).uncheck();
  await roles.getByLabel("Clerk").check();
  await owner.getByRole("button", { name: "Create invitation" }).click();
  const link = new URL(await owner.getByLabel("Invitation link").inputValue());

  // The clerk, served by the second app process, opens the link and joins.
  const clerk = await signIn(browser, APPS[1]!, dara, "Ireland");
  await clerk.goto(`${link.pathname}`);
  await clerk.getByRole("button", { name: "Join" }).click();
  await expect(clerk).toHaveURL(/\/overview$/);
  await expect(headerSwitcher(clerk, "Workspace")).toBeVisible();

  // Both open the month; each sees the other (presence, with the row once they move there).
  await openHours(owner);
  await openHours(clerk);
  await expect(owner.getByTestId("presence")).toContainText(/Also here: Dara/i);
  await expect(clerk.getByTestId("presence")).toContainText(/Also here: Claudia/i);
  await cell(owner, 3, "type").click();
  await expect(clerk.getByTestId("presence")).toContainText("(row 3,");

  // The clerk types; the owner's open grid shows it without a reload.
  await cell(clerk, 1, "type").click();
  await clerk.keyboard.type("Hourly wage");
  await clerk.keyboard.press("Tab");
  await clerk.keyboard.type("8");
  await clerk.keyboard.press("Enter");
  await expect(cell(owner, 1, "type")).toHaveText("Hourly wage", { timeout: 5_000 });
  await expect(cell(owner, 1, "total_hours")).toHaveText("8");
  await expect(clerk.locator('[data-draft-state="saved"]')).toBeVisible();

  // The same cell in both at once: the owner's save is held until the clerk's is stored.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await owner.route("**/api/payroll/companies/*/entries/hours/draft", async (route) => {
    if (route.request().method() === "PUT") await held;
    await route.continue();
  });
  await cell(owner, 1, "total_hours").click();
  await owner.keyboard.type("7");
  await owner.keyboard.press("Enter");
  await cell(clerk, 1, "total_hours").click();
  await clerk.keyboard.type("5");
  await clerk.keyboard.press("Enter");
  await expect(clerk.locator('[data-draft-state="saved"]')).toBeVisible();
  // The owner's grid heard of that save, but keeps its own unsaved 7 (not overwritten).
  await expect(cell(owner, 1, "total_hours")).toHaveText("7");
  release();

  // The dialog names who saved first (the server knows who wrote the line last).
  const dialog = owner.getByRole("dialog", { name: "Dara Byrne changed the same lines" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("columnheader", { name: "Saved by Dara Byrne" })).toBeVisible();
  await expect(dialog.locator('[data-side="theirs"]')).toHaveText("5");
  await expect(dialog.locator('[data-side="yours"]')).toHaveText("7");
  // Chosen with the keyboard.
  await dialog.getByRole("button", { name: "Keep my value" }).focus();
  await owner.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(cell(owner, 1, "total_hours")).toHaveText("7");
  // The owner's value, saved on top of the clerk's, reaches the clerk's grid.
  await expect(cell(clerk, 1, "total_hours")).toHaveText("7", { timeout: 5_000 });
  await expect(owner.locator('[data-draft-state="saved"]')).toBeVisible();

  // The same cell, one side not yet committed: the owner types 9 without Enter; the clerk saves 10
  // there (and the line's type), which reaches the owner's grid under the open editor; the owner's
  // Enter then meets the clerk's 10 as a conflict (her edit began from the empty cell), never
  // overwriting it unseen.
  await cell(owner, 2, "total_hours").click();
  await owner.keyboard.type("9");
  await cell(clerk, 2, "type").click();
  await clerk.keyboard.type("Hourly wage");
  await clerk.keyboard.press("Tab");
  await clerk.keyboard.type("10");
  await clerk.keyboard.press("Enter");
  await expect(clerk.locator('[data-draft-state="saved"]')).toBeVisible();
  await expect(cell(owner, 2, "type")).toHaveText("Hourly wage", { timeout: 5_000 });
  await owner.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-side="theirs"]')).toHaveText("10");
  await expect(dialog.locator('[data-side="yours"]')).toHaveText("9");
  // The clerk's screen keeps her 10 meanwhile.
  await expect(cell(clerk, 2, "total_hours")).toHaveText("10");
  await dialog.getByRole("button", { name: "Keep the saved value" }).click();
  await expect(dialog).toBeHidden();
  await expect(cell(owner, 2, "total_hours")).toHaveText("10");
  await expect(owner.locator('[data-draft-state="saved"]')).toBeVisible();
  expect((await storedLines(appPair.database, 2)).map((values) => values.total_hours)).toEqual(["10"]);

  // Edits of different cells of the same line merge: each grid ends with both.
  await cell(owner, 2, "surcharge").click();
  await owner.keyboard.type("25");
  await owner.keyboard.press("Enter");
  await cell(clerk, 2, "cost_center_id").click();
  await clerk.keyboard.type("KST-7");
  await clerk.keyboard.press("Enter");
  await expect(cell(owner, 2, "cost_center_id")).toHaveText("KST-7", { timeout: 5_000 });
  await expect(cell(clerk, 2, "surcharge")).toHaveText("25", { timeout: 5_000 });
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () =>
      (await storedLines(appPair.database, 2)).map((values) => [
        values.total_hours,
        values.surcharge,
        values.cost_center_id,
      ]),
    )
    .toEqual([["10", "25", "KST-7"]]);

  // Closing one grid removes it from the other's list.
  await clerk.goto("/audit");
  await expect(owner.getByTestId("presence")).toBeEmpty({ timeout: 10_000 });

  // The audit trail shows both people's changes with old → new; its CSV export holds them.
  await owner.goto("/audit");
  const entries = owner.getByRole("list", { name: "Audit entries" }).locator(":scope > li");
  await expect(
    entries.filter({ hasText: "Draft changed" }).filter({ hasText: "Hours: 8 → 5" }).filter({ hasText: /Dara/ }),
  ).toHaveCount(1);
  await expect(
    entries
      .filter({ hasText: "Draft changed" })
      .filter({ hasText: "Hours: 5 → 7" })
      .filter({ hasText: /Claudia/ }),
  ).toHaveCount(1);
  await expect(entries.filter({ hasText: "Member joined" }).filter({ hasText: /Dara/ })).toHaveCount(1);
  const [download] = await Promise.all([
    owner.waitForEvent("download"),
    owner.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = (await readFile((await download.path())!)).toString("utf8");
  expect(csv).toMatch(/Dara[^\r\n]*,Draft changed,Bäckerei Krüger GmbH \(1001\),[^\r\n]*,Hours,8,5\r\n/);
  expect(csv).toMatch(/Claudia[^\r\n]*,Draft changed,Bäckerei Krüger GmbH \(1001\),[^\r\n]*,Hours,5,7\r\n/);

  // The clerk's event stream of the month stays open on the second app process while the owner,
  // on the first, removes the clerk: it ends within 2 s (the first process's removal reaches the
  // second through the database), and no later save reaches it.
  const drafted = (await (await clerk.request.get(`/api/payroll/companies/${COMPANY}/entries/hours/draft`)).json()) as {
    data: { period: string; draft: { revision: number } | null };
  };
  const cookie = (await clerk.context().cookies(APPS[1]!)).map((item) => `${item.name}=${item.value}`).join("; ");
  const streamUrl = `${APPS[1]}/api/payroll/companies/${COMPANY}/entries/hours/stream?period=${drafted.data.period}&since=${drafted.data.draft?.revision ?? 0}&client=removed-clerk-e2e`;
  const streamRequest = new AbortController();
  openRequests.push(streamRequest);
  const stream = await fetch(streamUrl, {
    headers: { cookie, accept: "text/event-stream" },
    signal: streamRequest.signal,
  });
  expect(stream.status).toBe(200);
  let heard = "";
  const ended = (async () => {
    const decoder = new TextDecoder();
    const reader = stream.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read())
      heard += decoder.decode(read.value, { stream: true });
    return Date.now();
  })().catch(() => Number.POSITIVE_INFINITY);
  await expect.poll(() => heard).toContain("retry:");

  // The owner removes the clerk: the clerk's next request, on the other app process, is refused.
  await owner.goto("/settings/workspace");
  await owner.getByRole("button", { name: /^Remove Dara/ }).click();
  const removedAt = Date.now();
  await owner.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(owner.getByRole("group", { name: /^Roles of Dara/ })).toHaveCount(0);
  expect((await ended) - removedAt).toBeLessThan(2_000);
  expect(heard).not.toContain("event: lines");
  const refused = await clerk.request.get(`/api/payroll/companies/${COMPANY}/entries/hours/draft`);
  expect([403, 404, 409]).toContain(refused.status());
  await clerk.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(clerk.getByRole("grid", { name: "Hours of Bäckerei Krüger GmbH" })).toHaveCount(0);

  await owner.context().close();
  await clerk.context().close();
});
