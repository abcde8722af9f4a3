import { expect, type Page } from "@playwright/test";
import {
  authorizeAtService,
  collectConsoleErrors,
  control,
  fixtureUser,
  SANDBOX_URL,
  type FixtureUser,
  switchLanguage,
  withDatabase,
} from "./helpers";
import { test } from "./fixtures";

// The trial balance page against the sandbox's 5,000-account business (Ben Carter, US).
// Expected figures are computed here from the sandbox's own API answers, with BigInt cents.

interface ServiceLine {
  id: string;
  displayed_as: string;
  opening_balance: { debit: string; credit: string };
  closing_balance: { debit: string; credit: string };
  debit: string;
  credit: string;
}

const cents = (text: string) => {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole!) * 100n + BigInt((fraction + "00").slice(0, 2));
};

/** en-GB formatting of cents ("1,234,567.89"), written out by hand. */
function enAmount(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(3, "0");
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${whole}.${digits.slice(-2)}`;
}

const COLUMNS = [
  (line: ServiceLine) => line.opening_balance.debit,
  (line: ServiceLine) => line.opening_balance.credit,
  (line: ServiceLine) => line.debit,
  (line: ServiceLine) => line.credit,
  (line: ServiceLine) => line.closing_balance.debit,
  (line: ServiceLine) => line.closing_balance.credit,
];

function expectedTotals(lines: ServiceLine[]): bigint[] {
  return COLUMNS.map((pick) => lines.reduce((sum, line) => sum + cents(pick(line)), 0n));
}

/** The sandbox's trial balance, read with a live access token it issued to Ben (the app's own). */
async function serviceTrialBalance(person: FixtureUser, from: string, to: string): Promise<ServiceLine[]> {
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
  const response = await fetch(`${discovery.accounting.base_url}/trial_balance?from_date=${from}&to_date=${to}`, {
    headers: { authorization: `Bearer ${token.value}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { ledger_accounts: ServiceLine[] }).ledger_accounts;
}

const totalsRow = (page: Page) => page.getByTestId("trial-balance-totals");

async function expectTotals(page: Page, totals: bigint[]) {
  const cells = totalsRow(page).getByRole("cell");
  for (const [index, value] of totals.entries()) await expect(cells.nth(index)).toHaveText(enAmount(value));
}

async function signInAsBen(page: Page, ben: FixtureUser) {
  await page.goto("/trial-balance");
  await expect(page.getByRole("heading", { name: "Sign in to see the trial balance" })).toBeVisible();
  await page
    .getByRole("main")
    .getByRole("button", { name: /Sign in/ })
    .click();
  await authorizeAtService(page, ben, { country: "United States" });
  await expect(page).toHaveURL(/\/trial-balance/);
}

function isoToday(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())).toISOString().slice(0, 10);
}

function lastQuarter(today: string): { from: string; to: string } {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const quarterStart = month - 1 - ((month - 1) % 3);
  const from = new Date(Date.UTC(year, quarterStart - 3, 1));
  const to = new Date(Date.UTC(year, quarterStart, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

test("presets, dates, totals to the cent, comparison with last year, and a posted journal after refresh", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const ben = await fixtureUser("ben");
  const business = ben.businesses.find((entry) => entry.lead)!;
  await signInAsBen(page, ben);
  // From here on: the app's pages only (the service's sign-in pages ask for a favicon they lack).
  const errors = collectConsoleErrors(page);

  await expect(page.getByText(`Business: ${business.name}`)).toBeVisible();
  await expect(page.getByLabel("From")).toBeVisible();
  await expect(page.getByLabel("To")).toBeVisible();
  // The address completes itself into a shareable view.
  await expect(page).toHaveURL(new RegExp(`business=${business.id}`));

  // A preset.
  await page.getByRole("link", { name: "Last quarter" }).click();
  const quarter = lastQuarter(isoToday());
  await expect(page).toHaveURL(new RegExp(`from=${quarter.from}&to=${quarter.to}`));
  await expect(page.getByLabel("From")).toHaveValue(quarter.from);
  await expect(page.getByText("5,000 of 5,000 accounts")).toBeVisible();
  await expectTotals(page, expectedTotals(await serviceTrialBalance(ben, quarter.from, quarter.to)));

  // Refused dates stay in the form with a message; nothing is fetched.
  await page.getByLabel("From").fill("2026-03-01");
  await page.getByLabel("To").fill("2026-02-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("“To” must be on or after “From”.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`from=${quarter.from}`));

  // Other dates.
  await page.getByLabel("From").fill("2026-02-01");
  await page.getByLabel("To").fill("2026-02-28");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/from=2026-02-01&to=2026-02-28/);
  const february = await serviceTrialBalance(ben, "2026-02-01", "2026-02-28");
  await expectTotals(page, expectedTotals(february));
  await expect(page.getByRole("status").filter({ hasText: "The trial balance balances" })).toBeVisible();

  // Compared with the same period last year (the sandbox's books open on 2025-10-31).
  await page.getByLabel("From").fill("2026-10-01");
  await page.getByLabel("To").fill("2026-10-31");
  await page.getByLabel("Compare with").selectOption({ label: "The same period last year" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/from=2026-10-01&to=2026-10-31&compare=year/);
  const october = await serviceTrialBalance(ben, "2026-10-01", "2026-10-31");
  const lastOctober = await serviceTrialBalance(ben, "2025-10-01", "2025-10-31");
  await expectTotals(page, expectedTotals(october));
  const previousTotals = expectedTotals(lastOctober);
  await expect(totalsRow(page).locator('[data-column="previousDebit"]')).toHaveText(enAmount(previousTotals[4]!));
  await expect(totalsRow(page).locator('[data-column="previousCredit"]')).toHaveText(enAmount(previousTotals[5]!));
  // One account's variance and percentage, from the service's figures.
  const bank = october.find((line) => /Bank|Cash/i.test(line.displayed_as) && cents(line.closing_balance.debit) > 0n)!;
  const bankBefore = lastOctober.find((line) => line.id === bank.id)!;
  const net = (line: ServiceLine) => cents(line.closing_balance.debit) - cents(line.closing_balance.credit);
  const variance = net(bank) - net(bankBefore);
  // The ids are shown on demand (they are long); the filter finds an account by its id either way.
  await page.getByLabel("Show account IDs").check();
  await page.getByLabel("Filter accounts").fill(bank.id);
  await expect(page.getByText("1 of 5,000 accounts")).toBeVisible();
  const bankRow = page.getByRole("row").filter({ hasText: bank.id });
  await expect(bankRow).toContainText(enAmount(variance));
  if (net(bankBefore) !== 0n) {
    const hundredths = Number((variance * 10000n * 2n) / (net(bankBefore) < 0n ? -net(bankBefore) : net(bankBefore)));
    const rounded = (hundredths >= 0 ? Math.trunc((hundredths + 1) / 2) : Math.trunc((hundredths - 1) / 2)) / 100;
    await expect(bankRow).toContainText(
      `${rounded.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`,
    );
  }

  // The exports (PDF, CSV, Excel) are the pack's, written on the server: e2e/trial-balance-pdf.spec.ts.
  const octoberTotals = expectedTotals(october);
  await page.getByLabel("Filter accounts").fill("");
  await expect(page.getByText("5,000 of 5,000 accounts")).toBeVisible();

  // A journal posted at the service reaches the figures after the aggregation delay.
  await control("POST", "/settings", { aggregation_delay_ms: 1500 });
  const [debitAccount, creditAccount] = [october[10]!, october[11]!];
  const posted = await control<{ visible_at: string }>("POST", "/journals", {
    business_id: business.id,
    date: "2026-10-15",
    lines: [
      { ledger_account_id: debitAccount.id, debit: "1234.56", credit: "0" },
      { ledger_account_id: creditAccount.id, debit: "0", credit: "1234.56" },
    ],
  });
  expect(posted.visible_at).toBeTruthy();
  await expect(page.getByText(/recent changes|last few seconds/)).toBeVisible();
  // The delay passes on the sandbox's clock, not by waiting for it.
  await control("POST", "/clock", { advance_seconds: 2 });
  const fetchedBefore = await page.locator("time").first().getAttribute("datetime");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.locator("time").first()).not.toHaveAttribute("datetime", fetchedBefore!);
  const withJournal = octoberTotals.slice();
  withJournal[2]! += 123456n;
  withJournal[3]! += 123456n;
  const closingAfter = expectedTotals(await serviceTrialBalance(ben, "2026-10-01", "2026-10-31"));
  await expect(totalsRow(page).getByRole("cell").nth(2)).toHaveText(enAmount(withJournal[2]!));
  await expect(totalsRow(page).getByRole("cell").nth(3)).toHaveText(enAmount(withJournal[3]!));
  await expectTotals(page, closingAfter);
  await page.getByLabel("Filter accounts").fill(debitAccount.id);
  await expect(page.getByRole("row").filter({ hasText: debitAccount.id })).toContainText(
    enAmount(cents(debitAccount.debit) + 123456n),
  );

  expect(errors).toEqual([]);
});

test("sorting, hiding empty accounts, keyboard scrolling through 5,000 rows, German", async ({ page }) => {
  const ben = await fixtureUser("ben");
  await signInAsBen(page, ben);
  await page.goto("/trial-balance?from=2026-01-01&to=2026-01-31");
  await expect(page.getByText("5,000 of 5,000 accounts")).toBeVisible();
  // Only a window of rows is in the document.
  expect(await page.locator("[data-row]").count()).toBeLessThan(80);

  await page.getByLabel("Hide accounts with no balance and no activity").check();
  await expect(page.getByText(/^[\d,]+ of 5,000 accounts$/)).not.toHaveText("5,000 of 5,000 accounts");

  // The first click sorts ascending, the second descending, the third returns to the service's order.
  const firstAmounts = () =>
    page
      .locator("[data-row]")
      .evaluateAll((rows) =>
        rows
          .slice(0, 5)
          .map((row) => Number((row.querySelectorAll('[role="cell"]')[4]?.textContent ?? "").replace(/,/g, ""))),
      );
  await page.getByRole("button", { name: "Closing debit" }).click();
  const header = page.getByRole("columnheader", { name: "Closing debit" });
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  const ascending = await firstAmounts();
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await page.getByRole("button", { name: "Closing debit" }).click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  const descending = await firstAmounts();
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await page.getByRole("button", { name: "Closing debit" }).click();
  await expect(header).not.toHaveAttribute("aria-sort");

  // The table scrolls with the keyboard to its last row.
  const region = page.getByRole("region", { name: /Trial balance, [\d,]+ accounts/ });
  await region.focus();
  await page.keyboard.press("End");
  await expect(page.locator("[data-row]").last()).toBeVisible();

  await switchLanguage(page, "de");
  await expect(page.getByLabel("Von")).toBeVisible();
  await expect(page.getByLabel("Bis")).toBeVisible();
  await expect(page.getByRole("link", { name: "Letztes Quartal" })).toBeVisible();
  // Counts are formatted in the language: "5.000 Konten", not "5000 Konten".
  await expect(page.getByText(/^[\d.]+ von 5\.000 Konten$/)).toBeVisible();
  await expect(totalsRow(page).getByRole("cell").first()).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}$/);
});

/** A period as the page names its columns in English, written out by hand ("1 Nov – 30 Nov 2026", same year). */
function period(from: string, to: string): string {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
  const day = (date: string) => `${Number(date.slice(8, 10))} ${months[Number(date.slice(5, 7)) - 1]}`;
  return `${day(from)} – ${day(to)} ${to.slice(0, 4)}`;
}

test("readable with a comparison: fits 1400 px, periods and currency named, sticky account column, ids on demand, one sort arrow, out-of-date figures", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ben = await fixtureUser("ben");
  await signInAsBen(page, ben);
  const errors = collectConsoleErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto("/trial-balance?from=2026-11-01&to=2026-11-30&compare=year");
  await expect(totalsRow(page)).toBeVisible();

  // Both periods and the currency are named above the columns.
  await expect(page.getByRole("columnheader", { name: period("2026-11-01", "2026-11-30"), exact: true })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: period("2025-11-01", "2025-11-30"), exact: true })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Amounts in USD" })).toBeVisible();

  // All eleven columns fit 1400 px: neither the page nor the table scrolls sideways, no amount is cut.
  const region = page.getByRole("region", { name: /Trial balance, [\d,]+ accounts/ });
  const fit = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
  const cut = (cells: (SVGElement | HTMLElement)[]) =>
    cells
      .filter((cell) => cell.scrollWidth > cell.clientWidth)
      .map((cell) => `${cell.textContent} (${cell.clientWidth}px)`);
  expect(await page.locator('[role="cell"]').evaluateAll(cut)).toEqual([]);
  expect(await page.getByRole("columnheader").evaluateAll(cut)).toEqual([]);

  // Narrower, the amounts scroll sideways under an account column that stays in place.
  await page.setViewportSize({ width: 1024, height: 800 });
  await region.evaluate((element) => element.scrollTo({ left: 500 }));
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  const regionLeft = (await region.boundingBox())!.x;
  for (const cell of [
    page.locator("[data-row]").first().getByRole("rowheader"),
    totalsRow(page).getByRole("rowheader"),
    page.getByRole("columnheader", { name: "Account", exact: true }),
  ]) {
    expect(Math.abs((await cell.boundingBox())!.x - regionLeft)).toBeLessThanOrEqual(2);
  }
  await region.evaluate((element) => element.scrollTo({ left: 0 }));

  // The 32-character ids only on demand.
  const firstRow = page.locator("[data-row]").first();
  await expect(firstRow).not.toContainText(/[0-9a-f]{32}/);
  await page.getByLabel("Show account IDs").check();
  await expect(firstRow).toContainText(/[0-9a-f]{32}/);
  await page.getByLabel("Show account IDs").uncheck();
  await expect(firstRow).not.toContainText(/[0-9a-f]{32}/);

  // Unsorted: no arrow, no aria-sort. Sorted: the one column has both, and its first click is ascending.
  const arrows = page.locator('[role="columnheader"] button [aria-hidden="true"]');
  await expect(page.locator("[aria-sort]")).toHaveCount(0);
  await expect(arrows).toHaveCount(0);
  await page.getByRole("button", { name: "Variance", exact: true }).click();
  await expect(page.locator("[aria-sort]")).toHaveCount(1);
  await expect(page.getByRole("columnheader", { name: "Variance", exact: true })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(arrows).toHaveCount(1);
  await page.getByRole("button", { name: "Account", exact: true }).click();
  await expect(page.locator("[aria-sort]")).toHaveCount(1);
  await expect(page.getByRole("columnheader", { name: "Account", exact: true })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );

  // A refused period leaves the figures of the one shown before: they say so, visibly and to screen readers.
  await page.getByLabel("From").fill("2026-12-01");
  await page.getByLabel("To").fill("2026-11-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("“To” must be on or after “From”.")).toBeVisible();
  const stale = page.getByRole("status").filter({ hasText: "These figures are out of date" });
  await expect(stale).toBeVisible();
  await expect(stale).toContainText(period("2026-11-01", "2026-11-30"));
  await expect(region).toHaveAccessibleDescription(/These figures are out of date/);
  await expect(page.locator("[data-stale]")).toHaveCount(1);
  // A period that is accepted shows its figures, no longer marked.
  await page.getByLabel("From").fill("2026-10-01");
  await page.getByLabel("To").fill("2026-10-31");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/from=2026-10-01&to=2026-10-31/);
  await expect(page.getByRole("columnheader", { name: period("2026-10-01", "2026-10-31"), exact: true })).toBeVisible();
  await expect(stale).toHaveCount(0);
  await expect(page.locator("[data-stale]")).toHaveCount(0);

  expect(errors).toEqual([]);
});

// The app keeps a service's 429 + Retry-After for every process (lib/http/server/upstream-budget.ts): the spec lets
// those 30 s pass by forgetting the stored wait, as it moves the sandbox's clock elsewhere.
const forgetServiceWaits = () => withDatabase((client) => client.query("DELETE FROM upstream_budget_blocks"));

test("bad addresses, the service's refusals and an ended connection", async ({ page }) => {
  await forgetServiceWaits();
  const ben = await fixtureUser("ben");
  await signInAsBen(page, ben);

  await page.goto("/trial-balance?from=2026-02-30&to=2026-03-31");
  await expect(page.getByText("Enter a real date as YYYY-MM-DD.")).toBeVisible();
  await page.goto("/trial-balance?from=2026-01-01&to=2026-03-31&business=b071c7724831b7ce5b4a8d80e4ec6b25");
  await expect(page.getByText("The business in the link is not one of yours.")).toBeVisible();

  await control("POST", "/faults", { rules: [{ path: "/accounting/v3.1/trial_balance", kind: "error", status: 403 }] });
  await page.goto("/trial-balance?from=2026-01-01&to=2026-03-31");
  await expect(page.getByRole("alert").filter({ hasText: "permission" })).toContainText(
    "You do not have permission to read this business's trial balance.",
  );
  await control("POST", "/faults", {
    rules: [{ path: "/accounting/v3.1/trial_balance", kind: "rate_limit", retry_after: 30 }],
  });
  await page.goto("/trial-balance?from=2026-01-01&to=2026-03-31");
  await expect(page.getByRole("alert").filter({ hasText: "busy" })).toContainText(
    "The accounting service is busy. Try again in 30 seconds.",
  );
  await forgetServiceWaits();

  // While the service is slow, the page says it is loading, then shows the figures.
  await control("POST", "/faults", {
    rules: [{ path: "/accounting/v3.1/trial_balance", kind: "latency", latency_ms: 2500 }],
  });
  await page.goto("/trial-balance?from=2026-01-01&to=2026-03-31", { waitUntil: "commit" });
  await expect(page.getByText("Loading the trial balance…")).toBeVisible();
  await expect(totalsRow(page)).toBeVisible({ timeout: 15_000 });
  await control("POST", "/faults", {});

  // 32 days later both tokens have expired: the page asks to sign in again.
  await control("POST", "/clock", { advance_seconds: 32 * 24 * 3600 });
  await page.goto("/trial-balance?from=2026-01-01&to=2026-03-31");
  await expect(page.getByRole("heading", { name: "Sign in again" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Sign in again" })).toBeVisible();
});
