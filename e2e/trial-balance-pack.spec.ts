import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import {
  accountingServiceGet,
  authorizeAtService,
  collectConsoleErrors,
  control,
  fixtureUser,
  withDatabase,
  type FixtureUser,
} from "./helpers";
import { test } from "./fixtures";

// The month-end pack (Columns: Months or Quarters) against the sandbox's 5,000-account business
// (Ben Carter). Expected figures come from the sandbox's own API (trial balances and ledger
// accounts), summed here with BigInt cents and grouped by this file's own reading of the types.

interface ServiceLine {
  id: string;
  debit: string;
  credit: string;
  closing_balance: { debit: string; credit: string };
}

const RANGE = "from=2025-11-01&to=2026-10-31";
const MONTHS = [
  "2025-11",
  "2025-12",
  "2026-01",
  "2026-02",
  "2026-03",
  "2026-04",
  "2026-05",
  "2026-06",
  "2026-07",
  "2026-08",
  "2026-09",
  "2026-10",
];
const MARCH = MONTHS.indexOf("2026-03");
const GROUP_OF: Record<string, string> = {
  FIXED_ASSET: "assets",
  CURRENT_ASSET: "assets",
  BANK: "assets",
  CURRENT_LIABILITY: "liabilities",
  EQUITY: "equity",
  SALES: "income",
  DIRECT_EXPENSE: "expenses",
  OVERHEAD: "expenses",
};

const cents = (text: string) => {
  const negative = text.startsWith("-");
  const [whole, fraction = ""] = text.replace("-", "").split(".");
  const value = BigInt(whole!) * 100n + BigInt((fraction + "00").slice(0, 2));
  return negative ? -value : value;
};

function enAmount(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${digits.slice(-2)}`;
}

function deAmount(value: bigint): string {
  return enAmount(value).replace(/[.,]/g, (mark) => (mark === "," ? "." : ","));
}

function lastDay(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
}

/** Ledger account id → group, read page by page from the service. */
async function serviceGroups(person: FixtureUser): Promise<Map<string, string>> {
  const groups = new Map<string, string>();
  for (let page = 1; ; page += 1) {
    const body = await accountingServiceGet<{
      $items: { id: string; ledger_account_type: { id: string } }[];
      $next: string | null;
    }>(person, `/ledger_accounts?items_per_page=200&page=${page}&attributes=ledger_account_type`);
    for (const item of body.$items) groups.set(item.id, GROUP_OF[item.ledger_account_type.id] ?? "other");
    if (!body.$next) return groups;
  }
}

async function signInAsBen(page: Page, ben: FixtureUser) {
  await page.goto("/trial-balance");
  await page
    .getByRole("main")
    .getByRole("button", { name: /Sign in/ })
    .click();
  await authorizeAtService(page, ben, { country: "United States" });
  await expect(page).toHaveURL(/\/trial-balance/);
}

const subtotal = (page: Page, group: string) => page.getByTestId(`pack-subtotal-${group}`);

test.beforeEach(async () => {
  // The app's database outlives the sandbox: every test starts from a January financial year and freshly read accounts.
  await withDatabase(async (client) => {
    await client.query("DELETE FROM accounting_business_settings");
    await client.query("DELETE FROM ledger_account_caches");
  });
});

test("12 months side by side: groups fold, subtotals are their accounts' sums, every column balances, a failing month shows its notice", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const ben = await fixtureUser("ben");
  await signInAsBen(page, ben);
  const errors = collectConsoleErrors(page);

  // The service's own figures, grouped by the service's ledger account types.
  const groups = await serviceGroups(ben);
  const months = await Promise.all(
    MONTHS.map((month) =>
      accountingServiceGet<{ ledger_accounts: ServiceLine[] }>(
        ben,
        `/trial_balance?from_date=${month}-01&to_date=${lastDay(month)}`,
      ),
    ),
  );
  const expected = new Map<string, bigint[]>();
  months.forEach((answer, index) => {
    for (const line of answer.ledger_accounts) {
      const group = groups.get(line.id) ?? "other";
      const sums = expected.get(group) ?? MONTHS.map(() => 0n);
      sums[index]! += cents(line.debit) - cents(line.credit);
      expected.set(group, sums);
    }
  });
  // While the service holds every month's answer back: the page says the columns are loading, claims no
  // balance, shows no total of 0.00 and no "0 accounts" (the answers are not waited for: the page is left).
  // Another year than the one below: the server shares a read still in flight with a request for the same range.
  await control("POST", "/faults", {
    rules: [{ method: "GET", path: "/accounting/v3.1/trial_balance", kind: "latency", latency_ms: 60_000 }],
  });
  await page.goto("/trial-balance?from=2024-01-01&to=2024-12-31&columns=months&basis=movement");
  const status = page.getByRole("status").filter({ hasText: /column/ });
  await expect(status).toHaveText("Loading 12 columns…");
  await expect(page.getByTestId("pack-totals").locator('[data-column="p0"]')).toHaveText("…Loading…");
  await expect(page.getByText(/accounts? in \d+ groups?/)).toHaveCount(0);

  // March's trial balance fails at the service; the other months answer.
  await control("POST", "/faults", {
    rules: [
      {
        method: "GET",
        path: "/accounting/v3.1/trial_balance",
        query: { from_date: "2026-03-01" },
        kind: "error",
        status: 500,
      },
    ],
  });
  await page.goto(`/trial-balance?${RANGE}&columns=months&basis=movement`);
  await expect(page.getByLabel("Columns")).toHaveValue("months");

  const headers = page.getByRole("columnheader");
  await expect(headers.filter({ hasText: "Nov 2025" })).toBeVisible();
  await expect(headers.filter({ hasText: "Oct 2026" })).toBeVisible();
  const balance = page.getByTestId("pack-balance");
  for (const [index] of MONTHS.entries()) {
    if (index === MARCH) continue;
    await expect(balance.locator(`[data-column="p${index}"]`)).toHaveText(/Balances/, { timeout: 60_000 });
  }
  // March says so in its column and above the table; the others show.
  await expect(page.locator(`[role=columnheader][data-column="p${MARCH}"]`)).toHaveAttribute("data-state", "failed");
  await expect(page.getByRole("alert").filter({ hasText: "Mar 2026 could not be loaded" })).toBeVisible();
  // Not "Every column balances": March has no figures to balance.
  await expect(status).toHaveText("11 of 12 columns balance; Mar 2026 not loaded.");
  await expect(page.getByTestId("pack-totals").locator(`[data-column="p${MARCH}"]`)).toHaveText("—Not loaded");

  // Subtotals against the service's own figures (read above, before March was made to fail); folded, every subtotal is in view.
  await page.getByRole("button", { name: "Fold all groups" }).click();
  for (const [group, sums] of expected) {
    const row = subtotal(page, group);
    for (const [index, sum] of sums.entries()) {
      if (index === MARCH) await expect(row.locator(`[data-column="p${index}"]`)).toHaveText("—Not loaded");
      else await expect(row.locator(`[data-column="p${index}"]`)).toHaveText(enAmount(sum));
    }
  }

  // The smallest group unfolded: the sum of its accounts' rows as shown (scrolled through) is its subtotal, to the cent.
  const region = page.getByRole("region", { name: /Trial balance by month/ });
  const sizes = new Map<string, number>();
  for (const group of groups.values()) sizes.set(group, (sizes.get(group) ?? 0) + 1);
  const small = [...expected.keys()].sort((a, b) => (sizes.get(a) ?? 0) - (sizes.get(b) ?? 0))[0]!;
  const groupName = new RegExp(`^${small[0]!.toUpperCase()}${small.slice(1)}, `);
  await page.getByRole("button", { name: groupName }).click();
  const rows = page.locator(`[data-account][data-group="${small}"]`);
  await expect(rows.first()).toBeVisible();
  const shown = new Map<string, string>();
  for (let step = 0; step < 500; step += 1) {
    const visible = await rows.evaluateAll((elements) =>
      elements.map(
        (row) => [row.getAttribute("data-account")!, row.querySelector('[data-column="p0"]')!.textContent!] as const,
      ),
    );
    for (const [id, text] of visible) shown.set(id, text);
    const moved = await region.evaluate((element) => {
      const before = element.scrollTop;
      element.scrollTop += 300;
      return element.scrollTop !== before;
    });
    if (!moved) break;
  }
  expect(shown.size).toBe(sizes.get(small));
  const shownSum = [...shown.values()].reduce((sum, text) => sum + cents(text.replace(/,/g, "")), 0n);
  // Folded again: only its heading and subtotal, which is the sum shown.
  const toggle = page.getByRole("button", { name: groupName });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(rows).toHaveCount(0);
  await expect(subtotal(page, small).locator('[data-column="p0"]')).toHaveText(enAmount(shownSum));

  // Other groups stay folded.
  const other = [...expected.keys()].find((group) => group !== small)!;
  await expect(page.locator(`[data-account][data-group="${other}"]`)).toHaveCount(0);
  await expect(subtotal(page, other)).toBeVisible();

  // At 1400 px the columns scroll inside the table; the account column stays where it is; the page does not scroll sideways.
  const accountHeader = page.getByRole("columnheader", { name: "Account" });
  const before = (await accountHeader.boundingBox())!.x;
  await region.evaluate((element) => (element.scrollLeft = element.scrollWidth));
  await expect(
    page.locator('[role=columnheader][data-column="variance"], [role=columnheader][data-column="total"]').first(),
  ).toBeInViewport();
  expect((await accountHeader.boundingBox())!.x).toBe(before);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The service answers again: March can be tried again alone.
  await control("POST", "/faults", {});
  await page.getByRole("button", { name: "Try Mar 2026 again" }).first().click();
  await expect(balance.locator(`[data-column="p${MARCH}"]`)).toHaveText(/Balances/, { timeout: 60_000 });
  await expect(status).toHaveText("Every column balances.");
  expect(errors.filter((text) => !/status of 5\d\d/.test(text))).toEqual([]);
});

test("a financial year starting in April gives the presets its dates; over 13 months is refused", async ({ page }) => {
  test.setTimeout(120_000);
  const ben = await fixtureUser("ben");
  await signInAsBen(page, ben);
  await page.getByRole("button", { name: "Financial year: starts in January" }).click();
  await page.getByLabel("First month of the financial year").selectOption({ label: "April" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "Financial year: starts in April" })).toBeVisible();

  const now = new Date();
  const today = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())).toISOString().slice(0, 10);
  const [year, month] = today.split("-").map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  await page.getByRole("link", { name: "This financial year" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${start}-04-01&to=${start + 1}-03-31`));
  await page.getByRole("link", { name: "Last financial year" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${start - 1}-04-01&to=${start}-03-31`));
  await page.getByRole("link", { name: "Year to date" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${start}-04-01&to=${today}`));
  await page.getByRole("navigation", { name: "Quick periods" }).getByRole("link", { name: "Q4" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${start + 1}-01-01&to=${start + 1}-03-31`));

  // Quarters of the financial year as columns.
  await page.getByLabel("From").fill(`${start}-04-01`);
  await page.getByLabel("To").fill(`${start + 1}-03-31`);
  await page.getByLabel("Columns").selectOption({ label: "Quarters" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/columns=quarters/);
  const fy = `${start}/${String((start + 1) % 100).padStart(2, "0")}`;
  for (const quarter of ["Q1", "Q2", "Q3", "Q4"])
    await expect(page.getByRole("columnheader").filter({ hasText: `${quarter} ${fy}` })).toBeVisible();

  // A range over 13 months gets a clear message and no figures.
  await page.getByLabel("From").fill("2025-01-01");
  await page.getByLabel("To").fill("2026-02-28");
  await page.getByLabel("Columns").selectOption({ label: "Months" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("At most 13 months or quarters fit side by side.")).toBeVisible();
  await expect(page).toHaveURL(/columns=quarters/);
});

test("German: month headings, amounts and notices", async ({ page, context }) => {
  test.setTimeout(180_000);
  const ben = await fixtureUser("ben");
  await signInAsBen(page, ben);
  await context.addCookies([{ name: "locale", value: "de", url: page.url() }]);
  await page.goto(`/trial-balance?from=2026-01-01&to=2026-03-31&columns=months&basis=movement`);
  await expect(page.getByLabel("Spalten")).toHaveValue("months");
  for (const heading of ["Jan. 2026", "Feb. 2026", "März 2026"])
    await expect(page.getByRole("columnheader").filter({ hasText: heading })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Jede Spalte ist ausgeglichen." })).toBeVisible({
    timeout: 60_000,
  });
  // No serious or critical accessibility problem on the pack with its figures.
  const audit = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    audit.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => [violation.id, violation.nodes.map((node) => node.target.join(" "))]),
  ).toEqual([]);
  const groups = await serviceGroups(ben);
  const january = await accountingServiceGet<{ ledger_accounts: ServiceLine[] }>(
    ben,
    "/trial_balance?from_date=2026-01-01&to_date=2026-01-31",
  );
  const assets = january.ledger_accounts
    .filter((line) => groups.get(line.id) === "assets")
    .reduce((sum, line) => sum + cents(line.debit) - cents(line.credit), 0n);
  await expect(subtotal(page, "assets").locator('[data-column="p0"]')).toHaveText(deAmount(assets));
  await expect(subtotal(page, "assets").getByRole("rowheader")).toHaveText("Summe Vermögen");
  await expect(page.getByRole("button", { name: "Geschäftsjahr: beginnt im Januar" })).toBeVisible();

  // Drill-down: an account's panel (its figures per period as a table and a chart, its ledger account), then a group's trend.
  const account = page.locator('[data-account][data-group="assets"]').first().getByRole("button");
  const accountName = (await account.textContent())!;
  await account.click();
  const panel = page.getByRole("dialog", { name: accountName });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("img").first()).toBeVisible();
  await expect(panel.getByRole("table").first()).toContainText("März 2026");
  await panel.getByRole("button", { name: "Schließen" }).click();
  await expect(panel).toBeHidden();
  await page.getByRole("button", { name: "Verlauf: Vermögen" }).click();
  await expect(page.getByTestId("pack-trend-assets").getByRole("img")).toBeVisible();
  await expect(page.getByRole("button", { name: "Konten aktualisieren" })).toBeVisible();

  // Quarters of a January financial year over November to October: the quarters the range clips are named by their months.
  await page.goto(`/trial-balance?from=2025-11-01&to=2026-10-31&columns=quarters&basis=movement`);
  const headings = page.getByRole("columnheader");
  for (const heading of ["Nov.–Dez. 2025", "Q1 2026", "Q2 2026", "Q3 2026", "Okt. 2026"])
    await expect(headings.filter({ hasText: heading })).toBeVisible();
  await expect(headings.filter({ hasText: "Q4" })).toHaveCount(0);
});
