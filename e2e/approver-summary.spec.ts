import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import {
  acknowledgeAllWarnings,
  authorizeAtService,
  collectConsoleErrors,
  control,
  fixtureUser,
  signInAndConnectPayroll,
  withDatabase,
  LANDING_URL,
} from "./helpers";
import { test } from "./fixtures";

// Issue 25 item 5: a clerk (Dara, English) submits a month whose employee 1 worked 60 % more than
// in the last transferred month, with the two warnings about it acknowledged; the approver
// (Claudia, the workspace's owner, in German) opens the company from the company list and lands
// on the approver's summary: the figures against the last transferred month, the flagged lines
// with who acknowledged them, when and why, the totals by type; she approves there. The UI says
// Approved, then the database does. On a 390 px phone the table scrolls inside itself.

const COMPANY = 1001;

type Employee = { id: number; first_name: string; last_name: string };

function monthBefore(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 2, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

async function signIn(browser: Browser, prefix: string, locale: "en-GB" | "de-DE", country: string): Promise<Page> {
  const page = await (await browser.newContext({ locale })).newPage();
  await page.goto("/");
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^(Sign in|Anmelden)$/ })
    .click();
  await authorizeAtService(page, await fixtureUser(prefix), { country });
  await expect(page).toHaveURL(LANDING_URL);
  return page;
}

const hoursLine = (id: string, employee: number, hours: string) => ({
  id,
  employee_id: employee,
  values: { type: "HOURLY_WAGE", total_hours: hours, total_amount: "15" },
});

test.use({ payrollCompany: COMPANY, ownWorkspacesOnly: ["dara"] });

const clean = () => withDatabase((client) => client.query("UPDATE workspaces SET four_eyes = NULL"));
test.beforeEach(clean);
test.afterAll(clean);

test("the approver lands on the summary from the company list, sees the month against the last transferred one and approves there", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  const employees = await control<Employee[]>("GET", `/payroll/companies/${COMPANY}/employees`);
  const first = employees.find((employee) => employee.id === 1)!;
  const previous = monthBefore(month);
  const comment = `Inventory overtime, agreed (${Date.now().toString(36)})`;

  // The owner connects the payroll customer and invites a clerk.
  const owner = await (await browser.newContext({ locale: "en-GB" })).newPage();
  await signInAndConnectPayroll(owner);
  await owner.goto("/settings/workspace");
  const roles = owner.getByRole("group", { name: "Roles of the invited person" });
  for (const role of ["Owner", "Approver", "Viewer"]) await roles.getByLabel(role).uncheck();
  await roles.getByLabel("Clerk").check();
  await owner.getByRole("button", { name: "Create invitation" }).click();
  const link = new URL(await owner.getByLabel("Invitation link").inputValue());
  await owner.context().close();

  const clerk = await signIn(browser, "dara", "en-GB", "Ireland");
  const errors = collectConsoleErrors(clerk);
  await clerk.goto(link.pathname);
  await clerk.getByRole("button", { name: "Join" }).click();
  await expect(clerk).toHaveURL(/\/overview$/);

  // The month's lines, saved as the grid saves a draft: 100 h at 15 € each, employee 1 160 h, employee 2 a 250 € bonus.
  const origin = new URL(clerk.url()).origin;
  const hours = employees.map((employee) =>
    hoursLine(`h${employee.id}`, employee.id, employee.id === 1 ? "160" : "100"),
  );
  const saved = await clerk.request.put(`/api/payroll/companies/${COMPANY}/entries/hours/draft`, {
    data: { period: month, lines: hours },
    headers: { origin },
  });
  expect(saved.status()).toBe(200);
  const bonus = [{ id: "p2", employee_id: 2, values: { type: "BONUS_PAYMENT", amount: "250" } }];
  expect(
    (
      await clerk.request.put(`/api/payroll/companies/${COMPANY}/entries/payments/draft`, {
        data: { period: month, lines: bonus },
        headers: { origin },
      })
    ).status(),
  ).toBe(200);
  // The last transferred month: everyone 100 h at 15 €, employee 2 a 200 € bonus.
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ connection_id: string }>(
      "SELECT connection_id FROM payroll_entry_drafts WHERE company_id = $1 LIMIT 1",
      [COMPANY],
    );
    const connectionId = rows[0]!.connection_id;
    const transfer = (kind: string, lines: unknown[], totalCents: string) =>
      client.query(
        `INSERT INTO payroll_entry_transfers (id, connection_id, company_id, period, kind, user_id, user_name, outcome, lines, line_count, total_cents)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, gen_random_uuid(), 'Claudia', 'succeeded', $5, $6, $7)`,
        [connectionId, COMPANY, previous, kind, JSON.stringify(lines), lines.length, totalCents],
      );
    await transfer(
      "hours",
      employees.map((employee) => hoursLine(`o${employee.id}`, employee.id, "100")),
      String(employees.length * 150_000),
    );
    await transfer(
      "payments",
      [{ id: "o-bonus", employee_id: 2, values: { type: "BONUS_PAYMENT", amount: "200" } }],
      "20000",
    );
  });

  // The clerk acknowledges the two warnings about employee 1's change and submits.
  await clerk.goto(`/payroll/companies/${COMPANY}/hours`);
  await acknowledgeAllWarnings(clerk, comment);
  await clerk.getByRole("button", { name: "Submit for review" }).click();
  await expect(clerk.getByRole("status", { name: "Month status" })).toHaveText("In review");

  // In English: the clerk's own view of the summary (linked from the month bar while in review) has the figures but no Approve.
  await clerk.getByRole("link", { name: "Approver's summary" }).click();
  await expect(clerk).toHaveURL(new RegExp(`/payroll/companies/${COMPANY}/review$`));
  await clerk.goto(`/payroll/companies/${COMPANY}/review?month=${month}`);
  await expect(clerk.getByRole("heading", { level: 1 })).toHaveText("Approver's summary: Bäckerei Krüger GmbH");
  const clerkRow = clerk.locator(`tr[data-employee="1"]`);
  await expect(clerkRow.locator('[data-figure="hours_pay_cents"]')).toHaveText(/^€2,400\.00$/);
  await expect(clerkRow.locator('[data-change="worked_hours_micros"]')).toContainText("+60 %");
  await expect(clerkRow.locator('[data-change="worked_hours_micros"]')).toContainText("up 60 %");
  await expect(clerk.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // The approver, in German, opens the company from the company list: it is in review, so its summary.
  const approver = await signIn(browser, "claudia", "de-DE", "Germany");
  await approver.goto("/payroll");
  const listed = approver.getByRole("row").filter({ hasText: "Bäckerei Krüger GmbH" });
  await expect(listed).toContainText("In Prüfung");
  await listed.getByRole("link", { name: "Bäckerei Krüger GmbH" }).click();
  await expect(approver).toHaveURL(new RegExp(`/payroll/companies/${COMPANY}/review\\?month=${month}$`));
  await expect(approver.getByRole("heading", { level: 1 })).toHaveText("Freigabe-Übersicht: Bäckerei Krüger GmbH");
  const status = approver.getByRole("status", { name: "Monatsstatus" });
  await expect(status).toHaveText("In Prüfung");

  // Per employee against the last transferred month, in a real table with its caption and headers.
  const table = approver.getByRole("table", { name: /^Stunden und Bezüge je Mitarbeiter/ });
  await expect(table.getByRole("columnheader", { name: "Gearbeitete Stunden" })).toBeVisible();
  const row = table.getByRole("row").filter({
    has: approver.getByRole("rowheader", { name: new RegExp(`^${first.last_name}, ${first.first_name} \\(1\\)`) }),
  });
  await expect(row.locator('[data-figure="worked_hours_micros"]')).toHaveText("160");
  await expect(row.getByRole("rowheader")).toContainText("Stundenlohn 160 Std.");
  await expect(row.locator('[data-figure="hours_pay_cents"]')).toHaveText(/^2\.400,00\s€$/);
  await expect(row.locator('[data-change="hours_pay_cents"]')).toContainText("+60 %");
  await expect(row.locator('[data-change="hours_pay_cents"]')).toContainText("plus 60 %");
  const second = table.locator('tr[data-employee="2"]');
  await expect(second.locator('[data-figure="payments_cents"]')).toHaveText(/^250,00\s€$/);
  await expect(second.locator('[data-change="payments_cents"]')).toContainText("+25 %");
  await expect(table.locator("tr[data-totals]")).toContainText("Alle Mitarbeiter");

  // Totals by type.
  const totals = approver.getByRole("table", { name: /^Summen nach Art/ });
  const wage = totals.locator('tr[data-type="HOURLY_WAGE"]');
  await expect(wage).toContainText("Stundenlohn");
  await expect(wage).toContainText(String((employees.length - 1) * 100 + 160));
  await expect(totals.locator('tr[data-type="BONUS_PAYMENT"]')).toContainText(/250,00\s€/);

  // The flagged lines with their acknowledgements: who, when and why.
  await expect(approver.getByTestId("flagged-counts")).toHaveText("Keine Blocker, 2 Warnungen (alle bestätigt)");
  const changed = approver.getByRole("table", { name: "Stunden verändert: markierte Zeilen und ihre Bestätigungen" });
  await expect(changed.getByRole("row").nth(1)).toContainText(`${first.last_name}, ${first.first_name}`);
  await expect(changed.getByRole("row").nth(1)).toContainText(
    new RegExp(`Dara.*, \\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2}: „${comment.replace(/[()]/g, "\\$&")}“`),
  );

  // No serious or critical accessibility problem (axe, WCAG 2.1 A and AA).
  const axe = await new AxeBuilder({ page: approver }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = axe.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);

  // On a phone the page stays as wide as the screen: the table scrolls inside itself.
  await approver.setViewportSize({ width: 390, height: 844 });
  const phone = await approver.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The outermost elements sticking out, for the failure message.
    const culprits = Array.from(document.body.querySelectorAll("*"))
      .filter(
        (element) =>
          element.getBoundingClientRect().right > width + 0.5 &&
          (element.parentElement?.getBoundingClientRect().right ?? 0) <= width + 0.5,
      )
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.getAttribute("class") ?? "").slice(0, 60)}`);
    return { scrollWidth: document.documentElement.scrollWidth, culprits };
  });
  expect(phone.scrollWidth, phone.culprits.join(" | ")).toBeLessThanOrEqual(390);
  await approver.setViewportSize({ width: 1400, height: 900 });

  // Approve from the summary: the UI, then the database.
  await approver.getByRole("button", { name: "Freigeben" }).click();
  await expect(status).toHaveText("Freigegeben");
  const stored = await withDatabase(
    async (client) =>
      (
        await client.query<{ state: string; approved_by_name: string; submitted_by_name: string }>(
          "SELECT state, approved_by_name, submitted_by_name FROM month_closes WHERE company_id = $1 AND period = $2",
          [COMPANY, month],
        )
      ).rows,
  );
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ state: "approved" });
  expect(stored[0]!.approved_by_name).toMatch(/^Claudia/);
  expect(stored[0]!.submitted_by_name).toMatch(/^Dara/);

  // Once approved, the company list opens the company page again.
  await approver.goto("/payroll");
  await expect(
    approver
      .getByRole("row")
      .filter({ hasText: "Bäckerei Krüger GmbH" })
      .getByRole("link", { name: "Bäckerei Krüger GmbH" }),
  ).toHaveAttribute("href", `/payroll/companies/${COMPANY}`);
  expect(errors).toEqual([]);
});
