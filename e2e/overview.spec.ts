import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { cutOffDate, DEFAULT_CUT_OFF_RULE, monthDeadlines, type Land } from "../features/deadlines/deadlines";
import {
  acknowledgeAllWarnings,
  authorizeAtService,
  checksRegion,
  control,
  fixtureUser,
  LANDING_URL,
  SABINE_KEY,
  switchLanguage,
  THOMAS_KEY,
  withDatabase,
  type FixtureUser,
} from "./helpers";
import { test } from "./fixtures";
import { runJob } from "./time-controls";

// The firm's overview (issue #26): an owner with three payroll customers sees every company with
// the dates of its Land, assigns a clerk, the clerk filters hers, the owner approves two months in
// one step while a third is refused with its reason, and reads it in German and on a phone.

test.use({ ownWorkspacesOnly: ["claudia", "alice"] });

interface FirmCompany {
  id: number;
  name1: string;
  current_month: string;
}
interface Firm {
  api_key: string;
  username: string;
  companies: FirmCompany[];
}

/** Claudia's workspace back to Sabine's customer only, its months open and nobody assigned: the other payroll specs expect that. */
async function backToOneCustomer() {
  const claudia = await fixtureUser("claudia");
  await withDatabase(async (client) => {
    const mine = `SELECT c.id FROM payroll_connections c JOIN workspaces w ON w.id = c.workspace_id JOIN users u ON u.id = w.personal_user_id WHERE u.accounting_user_id = $1`;
    await client.query(`DELETE FROM payroll_connections WHERE id IN (${mine}) AND username <> 'Sabine Krüger'`, [
      claudia.id,
    ]);
    await client.query(`DELETE FROM month_closes WHERE connection_id IN (${mine})`, [claudia.id]);
    await client.query(`DELETE FROM payroll_company_assignees WHERE connection_id IN (${mine})`, [claudia.id]);
  });
}
test.beforeEach(backToOneCustomer);
test.afterEach(backToOneCustomer);

async function signIn(
  browser: Browser,
  person: FixtureUser,
  country: string,
  viewport = { width: 1440, height: 900 },
): Promise<Page> {
  const page = await (await browser.newContext({ viewport, locale: "en-GB" })).newPage();
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await authorizeAtService(page, person, { country });
  await expect(page).toHaveURL(LANDING_URL);
  return page;
}

/** Connects a payroll customer to the owner's workspace unless it is connected already. */
async function connect(page: Page, customer: { key: string; name: string }) {
  await page.goto("/payroll");
  const connected = page.getByText(`Connected as ${customer.name}`);
  await expect(connected.or(page.getByLabel("API key")).or(page.getByText("Connected as")).first()).toBeVisible();
  if (await connected.isVisible()) return;
  const add = page.getByRole("button", { name: "Add another payroll customer" });
  if (await add.isVisible()) await add.click();
  await page.getByLabel("API key").fill(customer.key);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(connected).toBeVisible();
}

async function invite(owner: Page, roles: string[]): Promise<string> {
  await owner.goto("/settings/workspace");
  const group = owner.getByRole("group", { name: "Roles of the invited person" });
  for (const role of ["Owner", "Clerk", "Approver", "Viewer"]) {
    if (roles.includes(role)) await group.getByLabel(role).check();
    else await group.getByLabel(role).uncheck();
  }
  await owner.getByRole("button", { name: "Create invitation" }).click();
  const link = owner.getByLabel("Invitation link");
  await expect(link).toHaveAttribute("readonly", "");
  return link.inputValue();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `30/11/2026` (English) or `30.11.2026` (German), as the page writes a day. */
const shownDay = (iso: string, locale: "en" | "de" = "en") => {
  const [year, month, day] = iso.split("-");
  return locale === "de" ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
};

/** The row's cell under the column header `name` (the row's cells in the headers' order). */
async function cellOf(table: Locator, row: Locator, name: string): Promise<Locator> {
  const headers = await table.getByRole("columnheader").allTextContents();
  const index = headers.findIndex((text) => text.trim() === name);
  expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
  return row.locator(":scope > th, :scope > td").nth(index);
}

async function expectDates(
  table: Locator,
  row: Locator,
  period: string,
  land: Land | null,
  locale: "en" | "de" = "en",
) {
  const dates = monthDeadlines(period, land);
  const names =
    locale === "en"
      ? {
          cutOff: "Cut-off",
          statement: "Contribution statement",
          due: "Contributions due",
          tax: "Wage tax return",
          sendBy: "send by",
        }
      : {
          cutOff: "Annahmeschluss",
          statement: "Beitragsnachweis",
          due: "Beitragsfälligkeit",
          tax: "Lohnsteuer-Anmeldung",
          sendBy: "senden bis",
        };
  await expect(await cellOf(table, row, names.statement)).toContainText(shownDay(dates.contributionStatement, locale));
  await expect(await cellOf(table, row, names.statement)).toContainText(
    `${names.sendBy} ${shownDay(dates.statementLastDay, locale)}`,
  );
  await expect(await cellOf(table, row, names.due)).toContainText(shownDay(dates.contributionsDue, locale));
  await expect(await cellOf(table, row, names.tax)).toContainText(shownDay(dates.wageTaxReturn, locale));
  await expect(await cellOf(table, row, names.cutOff)).toContainText(
    shownDay(cutOffDate(period, land, DEFAULT_CUT_OFF_RULE), locale),
  );
}

/** The ids the database gave Claudia's connections and the people, for setting up and checking rows. */
async function ids(claudia: FixtureUser, alice: FixtureUser) {
  return withDatabase(async (client) => {
    const connections = await client.query<{ id: string; username: string }>(
      `SELECT c.id, c.username FROM payroll_connections c JOIN workspaces w ON w.id = c.workspace_id JOIN users u ON u.id = w.personal_user_id
        WHERE u.accounting_user_id = $1 AND c.disconnected_at IS NULL`,
      [claudia.id],
    );
    const people = await client.query<{ id: string; accounting_user_id: string }>(
      "SELECT id, accounting_user_id FROM users WHERE accounting_user_id = ANY($1)",
      [[claudia.id, alice.id]],
    );
    return {
      connection: (name: string) => connections.rows.find((row) => row.username === name)!.id,
      claudia: people.rows.find((row) => row.accounting_user_id === claudia.id)!.id,
      alice: people.rows.find((row) => row.accounting_user_id === alice.id)!.id,
    };
  });
}

test("an owner with three payroll customers sees every company with its Land's dates, assigns a clerk, the clerk filters hers, approves two months in one step while a third is refused with its reason, German, a phone", async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const [claudia, alice] = [await fixtureUser("claudia"), await fixtureUser("alice")];
  const seeded = (
    await control<{ payroll: { customers: { username: string; companies: FirmCompany[] }[] } }>("GET", "/fixtures")
  ).payroll.customers;
  const firm = await control<Firm>("POST", "/payroll/customers", {
    companies: 6,
    name: `Lohnbüro Overview ${Date.now()}`,
    employees_per_company: 2,
  });
  const companies = [
    ...seeded
      .filter((customer) => customer.username === "Sabine Krüger" || customer.username === "Thomas Albrecht")
      .flatMap((c) => c.companies),
    ...firm.companies,
  ];
  const byId = (id: number) => companies.find((company) => company.id === id)!;

  // The owner connects three customers: Sabine's and Thomas's (seeded) and a firm made by the sandbox's large-firm call.
  const owner = await signIn(browser, claudia, "Germany");
  for (const customer of [
    { key: SABINE_KEY, name: "Sabine Krüger" },
    { key: THOMAS_KEY, name: "Thomas Albrecht" },
    { key: firm.api_key, name: firm.username },
  ])
    await connect(owner, customer);
  // A clerk joins the workspace.
  const link = await invite(owner, ["Clerk"]);
  const clerk = await signIn(browser, alice, "United Kingdom");
  await clerk.goto(link);
  await clerk.getByRole("button", { name: "Join" }).click();
  await expect(clerk).toHaveURL(/\/overview$/);
  const known = await ids(claudia, alice);

  // The firm's companies have their Land (Bavaria) in their check settings; the seeded ones have none.
  const bavarian = firm.companies[0]!;
  await withDatabase(async (client) => {
    for (const company of firm.companies)
      await client.query(
        `INSERT INTO payroll_company_settings (connection_id, company_id, federal_state, updated_at) VALUES ($1, $2, 'BY', now())
         ON CONFLICT (connection_id, company_id) DO UPDATE SET federal_state = 'BY'`,
        [known.connection(firm.username), company.id],
      );
  });
  await runJob("overview-refresh");

  // Every company in the table named Clients, with its Land's dates (the deadline module's), most urgent first.
  // The header's Overview link leads there.
  await owner.goto("/payroll");
  await owner.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overview" }).click();
  await expect(owner).toHaveURL(/\/overview$/);
  const table = owner.getByRole("table", { name: "Clients" });
  for (const header of ["Month status", "Contribution statement", "Contributions due", "Wage tax return", "Cut-off"])
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  for (const company of companies)
    await expect(table.getByRole("row").filter({ hasText: company.name1 })).toHaveCount(1);
  const rowOf = (page: Page, id: number) =>
    page.getByRole("table", { name: /^(Clients|Mandanten)$/ }).locator(`tr[data-company="${id}"]`);
  await expect(rowOf(owner, bavarian.id)).toContainText("Land: Bavaria (from the check settings)");
  await expectDates(table, rowOf(owner, bavarian.id), bavarian.current_month, "BY");
  const withoutLand = byId(1002);
  const landLink = rowOf(owner, 1002).getByRole("link", { name: /Land not set/ });
  await expect(landLink).toHaveAttribute("href", /\/payroll\/companies\/1002/);
  await expectDates(table, rowOf(owner, 1002), withoutLand.current_month, null);

  // The owner assigns the clerk in a row (a popover of the members), and to a second company in one step.
  await rowOf(owner, 2002)
    .getByRole("button", { name: /^Clerks of Albrecht Immobilienverwaltung GmbH/ })
    .click();
  const popover = owner.getByRole("dialog", { name: "Clerks of Albrecht Immobilienverwaltung GmbH" });
  await popover.getByLabel("Alice Hartley").check();
  await popover.getByRole("button", { name: "Save" }).click();
  await expect(popover).toBeHidden();
  await expect(
    rowOf(owner, 2002).getByRole("button", { name: /^Clerks of Albrecht Immobilienverwaltung GmbH/ }),
  ).toHaveText(/Alice Hartley/);
  await owner.getByRole("checkbox", { name: `Select ${byId(1002).name1}` }).check();
  await owner
    .getByRole("group", { name: "Actions for the selected companies" })
    .getByRole("button", { name: "Assign clerk" })
    .click();
  const assignDialog = owner.getByRole("dialog", { name: "Assign a clerk to 1 company" });
  await assignDialog.getByLabel("Clerk").selectOption({ label: "Alice Hartley" });
  await assignDialog.getByRole("button", { name: "Assign" }).click();
  const assignedItems = assignDialog.getByRole("list", { name: "Results" }).getByRole("listitem");
  await expect(assignedItems).toHaveCount(1);
  await expect(assignedItems).toHaveText(new RegExp(`^✓${escape(byId(1002).name1)}.*: assigned$`));
  await assignDialog.getByRole("button", { name: "Close" }).click();
  const assigned = await withDatabase(
    async (client) =>
      (
        await client.query<{ company_id: number }>(
          "SELECT company_id FROM payroll_company_assignees WHERE user_id = $1 ORDER BY company_id",
          [known.alice],
        )
      ).rows,
  );
  expect(assigned.map((row) => row.company_id)).toEqual([1002, 2002]);

  // The clerk filters "mine": only her two companies; the filter is in the URL and the back button undoes it.
  await clerk.goto("/overview");
  await clerk.getByRole("checkbox", { name: "Assigned to me" }).check();
  await expect(clerk).toHaveURL(/\/overview\?show=mine$/);
  const clerkTable = clerk.getByRole("table", { name: "Clients" });
  await expect(clerkTable.locator("tbody tr")).toHaveCount(2);
  await expect(rowOf(clerk, 1002)).toBeVisible();
  await expect(rowOf(clerk, 2002)).toBeVisible();
  await clerk.goBack();
  await expect(clerk).toHaveURL(/\/overview$/);
  await expect(clerkTable.locator("tbody tr")).toHaveCount(companies.length);

  // Three months in review, submitted by the clerk (four eyes lets the owner approve them): Thomas's
  // second company (no employees: nothing for the checks to find), one of the firm's, whose warnings
  // the owner acknowledges below, and Sabine's catering company, whose 12 warnings nobody has.
  const firmCompany = firm.companies[1]!;
  const inReview: [number, string][] = [
    [1002, known.connection("Sabine Krüger")],
    [2002, known.connection("Thomas Albrecht")],
    [firmCompany.id, known.connection(firm.username)],
  ];
  await withDatabase(async (client) => {
    for (const [id, connection] of inReview)
      await client.query(
        `INSERT INTO month_closes (id, connection_id, company_id, period, state, submitted_by_id, submitted_by_name, submitted_at, four_eyes_at_submission, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, 'in_review', $4, 'Alice Hartley', now(), true, now())`,
        [connection, id, byId(id).current_month, known.alice],
      );
  });
  // The owner, as the approver, acknowledges the firm company's warnings on its grid page (the Checks region) with a comment.
  await owner.goto(`/payroll/companies/${firmCompany.id}/hours`);
  await expect(owner.getByRole("status", { name: "Month status" })).toHaveText("In review");
  // It has warnings to acknowledge (the approval below would refuse it without).
  await expect((await checksRegion(owner)).getByRole("button", { name: /^Acknowledge/ }).first()).toBeVisible();
  await acknowledgeAllWarnings(owner, "Checked with the client: correct this month");
  await expect((await checksRegion(owner)).getByRole("button", { name: /^Acknowledge/ })).toHaveCount(0);
  await runJob("overview-refresh");

  // The owner approves the three in one step: two approved, Sabine's refused with its reason.
  await owner.goto("/overview?show=approval");
  await expect(table.locator("tbody tr")).toHaveCount(3);
  for (const [id] of inReview) await owner.getByRole("checkbox", { name: `Select ${byId(id).name1}` }).check();
  await owner
    .getByRole("group", { name: "Actions for the selected companies" })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(owner.getByRole("dialog", { name: "Approve 3 months" })).toBeVisible();
  // Held by its role: its title follows the selection, which the approved months leave (they no longer wait for approval).
  const approveDialog = owner.getByRole("dialog", { name: /^Approve \d month/ });
  await approveDialog.getByRole("button", { name: "Approve" }).click();
  const results = approveDialog.getByRole("list", { name: "Results" });
  await expect(results.getByRole("listitem")).toHaveCount(3);
  for (const id of [2002, firmCompany.id])
    await expect(results.getByRole("listitem").filter({ hasText: byId(id).name1 })).toHaveText(
      new RegExp(`^✓${escape(byId(id).name1)}.*: approved$`),
    );
  // The month close's own gate refuses the third, saying why.
  await expect(results.getByRole("listitem").filter({ hasText: byId(1002).name1 })).toHaveText(
    new RegExp(
      `^✗${escape(byId(1002).name1)}.*: refused – Some warnings are not acknowledged yet.*12 warning\\(s\\) of round 1 are not acknowledged\\.$`,
    ),
  );
  await expect(approveDialog).toContainText("2 of 3 done");
  await approveDialog.getByRole("button", { name: "Close" }).click();
  await owner.goto("/overview");
  await expect(await cellOf(table, rowOf(owner, 2002), "Month status")).toContainText("Approved");
  await expect(await cellOf(table, rowOf(owner, firmCompany.id), "Month status")).toContainText("Approved");
  await expect(await cellOf(table, rowOf(owner, 1002), "Month status")).toContainText("In review");
  const closes = await withDatabase(
    async (client) =>
      (
        await client.query<{ company_id: number; state: string; approved_by_id: string | null }>(
          "SELECT company_id, state, approved_by_id FROM month_closes WHERE connection_id = ANY($1) ORDER BY company_id",
          [inReview.map(([, connection]) => connection)],
        )
      ).rows,
  );
  expect(closes.map((row) => [row.company_id, row.state, row.approved_by_id])).toEqual(
    [
      [1002, "in_review", null],
      [2002, "approved", known.claudia],
      [firmCompany.id, "approved", known.claudia],
    ].sort((a, b) => Number(a[0]) - Number(b[0])),
  );

  // In German: the table's own words and German dates.
  await switchLanguage(owner, "de");
  const tabelle = owner.getByRole("table", { name: "Mandanten" });
  await expect(
    owner.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Übersicht" }),
  ).toHaveAttribute("href", "/overview");
  for (const header of [
    "Monatsstatus",
    "Beitragsnachweis",
    "Beitragsfälligkeit",
    "Lohnsteuer-Anmeldung",
    "Annahmeschluss",
  ])
    await expect(tabelle.getByRole("columnheader", { name: header, exact: true })).toBeAttached();
  await expectDates(tabelle, rowOf(owner, bavarian.id), bavarian.current_month, "BY", "de");
  await expect(await cellOf(tabelle, rowOf(owner, 2002), "Monatsstatus")).toContainText("Freigegeben");
  await switchLanguage(owner, "en");

  // On a 390 px phone the rows stack, it stays the table named Clients, and the page does not scroll sideways.
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.reload();
  await expect(table).toBeVisible();
  await expect(rowOf(owner, bavarian.id)).toBeVisible();
  await expect(rowOf(owner, bavarian.id)).toContainText(
    shownDay(monthDeadlines(bavarian.current_month, "BY").contributionsDue),
  );
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Signing in again, a member of a workspace with a payroll connection lands on the overview.
  const again = await signIn(browser, alice, "United Kingdom");
  await expect(again).toHaveURL(/\/overview$/);
});
