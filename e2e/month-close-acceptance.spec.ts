import { expect, type Browser, type Page } from "@playwright/test";
import {
  authorizeAtService,
  checksRegion,
  collectConsoleErrors,
  control,
  fixtureUser,
  signInAndConnectPayroll,
  withDatabase,
  type FixtureUser,
  LANDING_URL,
} from "./helpers";
import { test } from "./fixtures";
import { transferMonth } from "./time-controls";

// Issue 17's acceptance: a clerk (Dara, English) fills hours with a Sunday premium on a Monday
// and an employee over the minijob cap, sees both warnings, acknowledges one with a comment and
// fixes the other, submits; the grid is read-only; the same clerk cannot approve; the approver
// (Claudia, the workspace's owner, in German) approves; a pay-run refusal during the transfer
// shows Waiting for pay run and keeps everything; the transfer then sends both kinds and the
// sandbox holds exactly the approved lines; a reopen with a reason; the audit trail lists every step.
// The owner gives the employee the minijob cap on the company page (the check settings form).

const COMPANY = 1001;

const cell = (page: Page, employee: number, column: string, line = 1) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="${line}"] [role="gridcell"][data-col="${column}"]`,
  );
const monthStatus = (page: Page, name = "Month status") => page.getByRole("status", { name });
const saved = (page: Page) => expect(page.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 10_000 });

/** Types a line: the cells from `type` on, Tab between them (an empty text skips a cell). */
async function typeLine(page: Page, employee: number, cells: string[]) {
  await cell(page, employee, "type").click();
  for (const [index, text] of cells.entries()) {
    // An empty cell is passed by the arrow (outside the editor), as a person skips it.
    if (!text) await page.keyboard.press("ArrowRight");
    else {
      await page.keyboard.type(text);
      await page.keyboard.press(index === cells.length - 1 ? "Enter" : "Tab");
    }
  }
}

/** The first Monday of the month, `YYYY-MM-DD`. */
function firstMonday(month: string): string {
  const [year, monthIndex] = month.split("-").map(Number) as [number, number];
  for (let day = 1; ; day += 1)
    if (new Date(Date.UTC(year, monthIndex - 1, day)).getUTCDay() === 1)
      return `${month}-${String(day).padStart(2, "0")}`;
}

async function signIn(
  browser: Browser,
  person: FixtureUser,
  locale: "en-GB" | "de-DE",
  country: string,
): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto("/");
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^(Sign in|Anmelden)$/ })
    .click();
  await authorizeAtService(page, person, { country });
  await expect(page).toHaveURL(LANDING_URL);
  return page;
}

// Dara back in her own workspace only afterwards: the month-close spec expects Claudia's workspace of one.
test.use({ payrollCompany: COMPANY, ownWorkspacesOnly: ["dara"] });

async function clean() {
  await withDatabase(async (client) => {
    await client.query("DELETE FROM payroll_employee_settings WHERE company_id = $1", [COMPANY]);
    await client.query("UPDATE workspaces SET four_eyes = NULL");
  });
}

test.beforeEach(clean);
test.afterAll(clean);

test("a clerk acknowledges one warning and fixes the other, submits; an approver approves in German; pay run waits, transfer, reopen; the audit trail lists every step", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  const employees = await control<{ id: number; first_name: string; last_name: string }[]>(
    "GET",
    `/payroll/companies/${COMPANY}/employees`,
  );
  const nameOf = (id: number) => {
    const employee = employees.find((candidate) => candidate.id === id)!;
    return `${employee.last_name}, ${employee.first_name}`;
  };
  const monday = firstMonday(month);
  // The app's database (and its append-only audit trail) outlives a run: this run's comment is its own.
  const comment = `Sunday shift of 1 November, paid with this month (${Date.now().toString(36)})`;

  // The owner connects the firm's payroll customer, gives employee 3 the minijob cap and invites a clerk.
  const ownerEn = await (await browser.newContext({ locale: "en-GB" })).newPage();
  await signInAndConnectPayroll(ownerEn);
  // The cap is the employee's check setting, set on the company page.
  await ownerEn.goto(`/payroll/companies/${COMPANY}`);
  const employeeThree = ownerEn
    .getByRole("table", { name: "Employees" })
    .getByRole("row")
    .filter({ has: ownerEn.getByRole("cell", { name: "3", exact: true }) });
  await employeeThree.getByRole("button", { name: /^Edit check settings: / }).click();
  const capDialog = ownerEn.getByRole("dialog", { name: /^Check settings: / });
  await capDialog.getByRole("radio", { name: /^Minijob \(/ }).check();
  await capDialog.getByRole("button", { name: "Save" }).click();
  await expect(capDialog).toBeHidden();
  await expect(employeeThree).toContainText("Minijob");
  await ownerEn.goto("/settings/workspace");
  const roles = ownerEn.getByRole("group", { name: "Roles of the invited person" });
  for (const role of ["Owner", "Approver", "Viewer"]) await roles.getByLabel(role).uncheck();
  await roles.getByLabel("Clerk").check();
  await ownerEn.getByRole("button", { name: "Create invitation" }).click();
  const link = new URL(await ownerEn.getByLabel("Invitation link").inputValue());
  await ownerEn.context().close();

  const clerk = await signIn(browser, await fixtureUser("dara"), "en-GB", "Ireland");
  const errors = collectConsoleErrors(clerk);
  await clerk.goto(link.pathname);
  await clerk.getByRole("button", { name: "Join" }).click();
  await expect(clerk).toHaveURL(/\/overview$/);

  // The clerk fills the month: a Sunday premium on a Monday, employee 3 over the minijob cap, everyone else an ordinary line.
  await clerk.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(monthStatus(clerk)).toHaveText("Open");
  await typeLine(clerk, 1, ["Hourly wage", "8", "14.5", "", `${month}-03`]);
  await typeLine(clerk, 2, ["Sunday premium", "4", "15", "50", monday]);
  await typeLine(clerk, 3, ["Hourly wage", "50", "14.5"]);
  await typeLine(clerk, 4, ["Hourly wage", "6", "14.5"]);
  await typeLine(clerk, 7, ["Hourly wage", "6", "14.5"]);
  await saved(clerk);
  await clerk.goto(`/payroll/companies/${COMPANY}/payments`);
  await typeLine(clerk, 1, ["Bonus", "", "250"]);
  await saved(clerk);

  // Both warnings are listed with employee and line; Submit waits for them.
  let checks = await checksRegion(clerk);
  await expect(checks.getByRole("status")).toHaveText("No blockers, 2 warnings (2 not acknowledged)");
  const sunday = checks.getByRole("listitem").filter({ hasText: "Sunday premium" });
  const cap = checks.getByRole("listitem").filter({ hasText: "Pay cap" });
  await expect(sunday).toContainText(`${nameOf(2)}, hours line 1`);
  await expect(sunday).toContainText(/which is not a Sunday/);
  await expect(cap).toContainText(nameOf(3));
  await expect(cap).toContainText(/Pay of 725\.00 € this month is above the cap of 603\.00 €\./);
  await expect(clerk.getByRole("button", { name: "Submit for review" })).toBeDisabled();
  await expect(clerk.getByText("Submitting and approving wait for: 2 warnings not acknowledged")).toBeVisible();

  // The Sunday premium's cell is in the other grid: its link opens the hours page at that cell.
  await sunday.getByRole("link", { name: `Go to cell: ${nameOf(2)}, hours line 1` }).click();
  await expect(clerk).toHaveURL(new RegExp(`/payroll/companies/${COMPANY}/hours`));
  await expect(cell(clerk, 2, "date")).toHaveAttribute("aria-selected", "true");

  // Acknowledged with a comment (required).
  checks = await checksRegion(clerk);
  await checks
    .getByRole("listitem")
    .filter({ hasText: "Sunday premium" })
    .getByRole("button", { name: `Acknowledge warning: ${nameOf(2)}, hours line 1` })
    .click();
  const dialog = clerk.getByRole("dialog", { name: "Acknowledge warning" });
  await dialog.getByRole("button", { name: "Acknowledge warning" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Write a comment.");
  await dialog.getByLabel("Comment (why this is right)").fill(comment);
  await dialog.getByRole("button", { name: "Acknowledge warning" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    checks
      .getByRole("listitem")
      .filter({ hasText: "Sunday premium" })
      .getByText(/^Acknowledged by Dara/),
  ).toBeFocused();
  await expect(checks.getByRole("listitem").filter({ hasText: "Sunday premium" })).toContainText(
    new RegExp(`Acknowledged by Dara .*“${comment.replace(/[()]/g, "\\$&")}”`),
  );

  // The pay cap is fixed instead: to employee 3's line, 30 hours instead of 50.
  await checks
    .getByRole("listitem")
    .filter({ hasText: "Pay cap" })
    .getByRole("button", { name: new RegExp(`^Go to cell: ${nameOf(3)}`) })
    .click();
  await expect(cell(clerk, 3, "type")).toHaveAttribute("aria-selected", "true");
  await cell(clerk, 3, "total_hours").click();
  await clerk.keyboard.type("30");
  await clerk.keyboard.press("Enter");
  await saved(clerk);
  await expect(checks.getByRole("status")).toHaveText("No blockers, 1 warning (all acknowledged)");
  await expect(checks.getByRole("listitem").filter({ hasText: "Pay cap" })).toHaveCount(0);

  // Submit: the grid is read-only; the clerk is not offered Approve, and the server refuses it.
  await clerk.getByRole("button", { name: "Submit for review" }).click();
  await expect(monthStatus(clerk)).toHaveText("In review");
  await expect(clerk.getByRole("grid", { name: "Hours of Bäckerei Krüger GmbH" })).toHaveAttribute(
    "aria-readonly",
    "true",
  );
  await expect(clerk.getByRole("button", { name: "Approve" })).toHaveCount(0);
  const refused = await clerk.request.post(`/api/month-close/${COMPANY}`, {
    data: { action: "approve", period: month },
    headers: { origin: new URL(clerk.url()).origin },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");

  // The approver, in German, sees the same checks (the acknowledgement with its comment) and approves.
  const approver = await signIn(browser, await fixtureUser("claudia"), "de-DE", "Germany");
  await approver.goto(`/payroll/companies/${COMPANY}/hours`);
  const status = monthStatus(approver, "Monatsstatus");
  await expect(status).toHaveText("In Prüfung");
  const prufungen = await checksRegion(approver);
  await expect(prufungen.getByRole("status")).toHaveText("Keine Blocker, 1 Warnung (alle bestätigt)");
  await expect(prufungen.getByRole("listitem").filter({ hasText: "Sonntagszuschlag" })).toContainText(
    new RegExp(`Bestätigt von Dara .*„${comment.replace(/[()]/g, "\\$&")}“`),
  );
  await approver.getByRole("button", { name: "Freigeben" }).click();
  await expect(status).toHaveText("Freigegeben");

  // A pay run in progress: Waiting for pay run, nothing sent, everything kept.
  await control("POST", `/payroll/companies/${COMPANY}/pay_run`, { in_progress: true });
  await transferMonth(approver, "Übertragen");
  await expect(status).toHaveText("Wartet auf Abrechnungslauf");
  expect(await control("GET", `/payroll/companies/${COMPANY}/hourly_compensations`)).toEqual([]);
  await approver.reload();
  await expect(status).toHaveText("Wartet auf Abrechnungslauf");
  await expect(cell(approver, 3, "total_hours")).toHaveText("30");

  // After the pay run the transfer sends both kinds: the sandbox holds exactly the approved lines.
  await control("POST", `/payroll/companies/${COMPANY}/pay_run`, { in_progress: false });
  await transferMonth(approver, "Übertragen");
  await expect(status).toHaveText("Übertragen");
  expect(await control("GET", `/payroll/companies/${COMPANY}/hourly_compensations`)).toEqual([
    {
      company_id: COMPANY,
      employee_id: 1,
      type: "HOURLY_WAGE",
      total_hours: 8,
      total_amount: 14.5,
      date: `${month}-03`,
    },
    {
      company_id: COMPANY,
      employee_id: 2,
      type: "SUNDAY_PREMIUM",
      total_hours: 4,
      total_amount: 15,
      surcharge: 50,
      date: monday,
    },
    { company_id: COMPANY, employee_id: 3, type: "HOURLY_WAGE", total_hours: 30, total_amount: 14.5 },
    { company_id: COMPANY, employee_id: 4, type: "HOURLY_WAGE", total_hours: 6, total_amount: 14.5 },
    { company_id: COMPANY, employee_id: 7, type: "HOURLY_WAGE", total_hours: 6, total_amount: 14.5 },
  ]);
  expect(await control("GET", `/payroll/companies/${COMPANY}/further_payments`)).toEqual([
    { company_id: COMPANY, employee_id: 1, type: "BONUS_PAYMENT", count: 1, amount: 250 },
  ]);

  // Reopen with a reason: round 2 starts without acknowledgements.
  await approver.getByRole("button", { name: "Wieder öffnen" }).click();
  const reopen = approver.getByRole("dialog");
  await reopen.getByLabel("Grund für das Wiederöffnen").fill("Stunden von Mitarbeiter 4 fehlen");
  await reopen.getByRole("button", { name: "Monat wieder öffnen" }).click();
  await expect(status).toHaveText("Offen");
  await expect((await checksRegion(approver)).getByRole("status")).toHaveText(
    "Keine Blocker, 1 Warnung (1 nicht bestätigt)",
  );

  // On a phone the region fits: its warnings and their buttons without sideways scrolling; the keyboard reaches Acknowledge.
  await approver.setViewportSize({ width: 390, height: 844 });
  // There the Checks are a drawer, opened from the month's bar.
  await approver.getByRole("button", { name: /^Prüfungen/ }).click();
  const onPhone = await checksRegion(approver);
  await expect(onPhone.getByRole("button", { name: /^Warnung bestätigen: / })).toBeVisible();
  expect(await approver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await onPhone.getByRole("button", { name: /^Warnung bestätigen: / }).focus();
  await approver.keyboard.press("Enter");
  await expect(approver.getByRole("dialog", { name: "Warnung bestätigen" })).toBeVisible();
  await approver.keyboard.press("Escape");
  await expect(approver.getByRole("dialog", { name: "Warnung bestätigen" })).toBeHidden();

  // The company list shows the month's open counts: no blockers, one warning to acknowledge again.
  await clerk.goto("/payroll");
  const row = clerk.getByRole("row").filter({ hasText: "Bäckerei Krüger GmbH" });
  await expect(row).toContainText("Open");
  await expect(row.locator("td[data-blockers]")).toHaveAttribute("data-warnings", "1");
  await expect(row.locator("td[data-blockers]")).toHaveAttribute("data-blockers", "0");

  // The audit trail lists every step: the acknowledgement with its comment, submit, approve, transfers, reopen.
  await clerk.goto("/audit");
  const entries = clerk.getByRole("list", { name: "Audit entries" }).locator(":scope > li");
  // Newest first: this run's month-close entries, the acknowledgement last.
  const steps = (await entries.filter({ hasText: /Month close|Warning acknowledged/ }).allTextContents()).slice(0, 8);
  const expected = [
    "Reopened: Transferred → Open",
    "Transfer answered: Transferring → Transferred",
    "Transfer started: Waiting for pay run → Transferring",
    "Transfer answered: Transferring → Waiting for pay run",
    "Transfer started: Approved → Transferring",
    "Approved: In review → Approved",
    "Submitted for review: Open → In review",
    `Sunday premium for employee 2 Nadine Lange acknowledged (round 1): “${comment}”`,
  ];
  expected.forEach((text, index) => expect(steps[index]).toContain(text));
  expect(errors).toEqual([]);
});
