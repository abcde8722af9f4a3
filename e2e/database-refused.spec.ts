import { expect, type Page } from "@playwright/test";
import pg from "pg";
import { acknowledgeAllWarnings, signInAndConnectPayroll } from "./helpers";
import { test } from "./fixtures";

// While the database refuses connections, a failed month-close action is an error in the month
// panel and the grid stays with what was typed; an error page's "Try again" shows the page once
// the database is back, without a reload.

const COMPANY = 1001;
const databaseUrl = new URL(process.env.E2E_DATABASE_URL!);
const database = decodeURIComponent(databaseUrl.pathname.slice(1));

/** A connection to another database of the same server, from which the app's database is switched off and on. */
async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(databaseUrl);
  url.pathname = "/template1";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** From now on the app's database refuses every new connection, and its open ones are ended. */
async function refuseConnections() {
  await onServer(async (client) => {
    await client.query(`ALTER DATABASE "${database.replaceAll('"', '""')}" WITH ALLOW_CONNECTIONS false`);
    await client.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [database],
    );
  });
}

/** Employee 1's lines of the company's hours draft that the database holds with 7 hours. */
async function storedSevens(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      "SELECT count(*) AS count FROM payroll_entry_draft_lines WHERE company_id = $1 AND kind = 'hours' AND employee_id = 1 AND values->>'total_hours' = '7'",
      [COMPANY],
    );
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}

const acceptConnections = () =>
  onServer((client) => client.query(`ALTER DATABASE "${database.replaceAll('"', '""')}" WITH ALLOW_CONNECTIONS true`));

const cell = (page: Page, employee: number, column: string) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="1"] [role="gridcell"][data-col="${column}"]`,
  );

test.use({ payrollCompany: COMPANY });

// Before the fixture's own clean-up after the test, which needs the database.
test.afterEach(acceptConnections);

test("Submit for review while the database refuses connections: an error in the month panel says what was not done, and the grid stays with what was typed", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndConnectPayroll(page);
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  const grid = page.getByRole("grid", { name: /^Hours of / });
  await expect(grid).toBeVisible();
  await acknowledgeAllWarnings(page);
  const submit = page.getByRole("button", { name: "Submit for review" });
  await expect(submit).toBeEnabled();

  // Employee 1's lines holding a "7" before it is typed (an earlier spec's draft may have one).
  const sevensBefore = await storedSevens();
  await refuseConnections();
  await submit.click();

  await expect(page.getByRole("alert").filter({ hasText: "The month was not submitted for review." })).toBeVisible();
  await expect(page.getByRole("status", { name: "Month status" })).toHaveText("Open");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  // The grid is still there and still takes what is typed (its save fails meanwhile).
  await expect(grid).toBeVisible();
  await cell(page, 1, "total_hours").click();
  await page.keyboard.type("7");
  await page.keyboard.press("Enter");
  await expect(cell(page, 1, "total_hours")).toHaveText("7");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);

  // Back: the value is cleared again (a line without a type would block the month) and the same button works.
  await acceptConnections();
  await cell(page, 1, "total_hours").click();
  await page.keyboard.press("Delete");
  await expect(cell(page, 1, "total_hours")).toHaveText("");
  // The grid saves again once the database answers (the "7" too, on its retry): Submit only once the
  // stored draft holds no "7", or the server judges a line with hours and no type and blocks the month.
  await expect.poll(storedSevens, { timeout: 20_000 }).toBe(sevensBefore);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole("status", { name: "Month status" })).toHaveText("In review");
});

test("Try again on the error page shows the page once the database answers again, without a reload", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndConnectPayroll(page);
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(page.getByRole("grid", { name: /^Hours of / })).toBeVisible();

  await refuseConnections();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  const tryAgain = page.getByRole("button", { name: "Try again" });
  // Still refused: Try again asks the server again and shows the error page again, ready for another try.
  await tryAgain.click();
  await expect(tryAgain).toBeEnabled();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();

  await acceptConnections();
  // The page is not loaded again (a reload would show it anyway): a marker on the window stays.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  await tryAgain.click();
  await expect(page.getByRole("grid", { name: /^Hours of / })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
