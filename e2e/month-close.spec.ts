import { expect, type Page } from "@playwright/test";
import {
  acknowledgeAllWarnings,
  collectConsoleErrors,
  control,
  SABINE_KEY,
  signInAndConnectPayroll,
  withDatabase,
} from "./helpers";
import { test } from "./fixtures";
import { confirmWithEmailCode, expectOnlyRecentSignInRefusals } from "./recent-sign-in";
import { advanceClock, runJob, syncClock, transferMonth } from "./time-controls";

// The month close: submit, the grid frozen, four eyes, approve, Transfer of both kinds, reopen
// with a reason; a pay-run refusal waits; a save into a frozen month keeps what was typed.
// Payroll connections are still a person's own here, so one person (Claudia, owner of her
// workspace) plays both parts and four eyes is switched on and off on /settings/workspace.

const COMPANY = 1001;

const cell = (page: Page, employee: number, column: string, line = 1) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="${line}"] [role="gridcell"][data-col="${column}"]`,
  );

async function typeInto(page: Page, employee: number, column: string, text: string, then: "Tab" | "Enter" = "Enter") {
  await cell(page, employee, column).click();
  await page.keyboard.type(text);
  await page.keyboard.press(then);
}

const monthStatus = (page: Page) => page.getByRole("status", { name: "Month status" });
const saved = (page: Page) => expect(page.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 10_000 });

async function setFourEyes(page: Page, on: boolean) {
  await page.goto("/settings/workspace");
  const box = page.getByRole("checkbox", { name: /^Four eyes/ });
  if ((await box.isChecked()) !== on) {
    await box.setChecked(on);
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  }
  await expect(box).toBeChecked({ checked: on });
}

/** Hours for employees 1 and 2, a bonus for employee 3: the approved month. */
async function fillMonth(page: Page, month: string) {
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(monthStatus(page)).toHaveText("Open");
  await typeInto(page, 1, "type", "Hourly wage", "Tab");
  await page.keyboard.type("8");
  await page.keyboard.press("Tab");
  await page.keyboard.type("12.5");
  // Tab commits and moves to the surcharge; outside the editor the arrow moves on to the date.
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.type(`${month}-03`);
  await page.keyboard.press("Enter");
  await typeInto(page, 2, "type", "Hourly wage", "Tab");
  await page.keyboard.type("4");
  await page.keyboard.press("Tab");
  await page.keyboard.type("15");
  await page.keyboard.press("Enter");
  await saved(page);
  await page.goto(`/payroll/companies/${COMPANY}/payments`);
  await typeInto(page, 3, "type", "Bonus", "Tab");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.type("250");
  await page.keyboard.press("Enter");
  await saved(page);
}

// No drafts, month closes or transfer history of the company (the grid spec expects none).
test.use({ payrollCompany: COMPANY });

/** Four eyes back to the default. */
const clean = () => withDatabase((client) => client.query("UPDATE workspaces SET four_eyes = NULL"));

test.beforeEach(clean);

test.afterAll(async () => {
  // The app's clock follows the sandbox's, back to real time with its reset.
  await control("POST", "/reset");
  await syncClock();
  await clean();
});

test("submit freezes the month; with four eyes the submitter cannot approve; approve, transfer both kinds, reopen with a reason", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = collectConsoleErrors(page);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  await signInAndConnectPayroll(page);
  await setFourEyes(page, true);
  await fillMonth(page, month);

  // Submit from the payments page: the month covers both kinds (its warnings acknowledged first).
  await acknowledgeAllWarnings(page);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(monthStatus(page)).toHaveText("In review");
  await expect(page.getByText(/^Submitted by Claudia/)).toBeVisible();
  // The grid is read-only: no commands, typing changes nothing, no per-kind transfer.
  const grid = page.getByRole("grid", { name: "Extra payments of Bäckerei Krüger GmbH" });
  await expect(grid).toHaveAttribute("aria-readonly", "true");
  await expect(page.getByRole("toolbar", { name: "Extra payments" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Transfer/ })).toHaveCount(0);
  await cell(page, 3, "amount").click();
  await page.keyboard.type("999");
  await page.keyboard.press("Enter");
  await expect(cell(page, 3, "amount")).toHaveText("250.00");

  // Four eyes: the person who submitted is not offered Approve, and is told why.
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(monthStatus(page)).toHaveText("In review");
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(page.getByText("You submitted this month: with four eyes, someone else approves it.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Withdraw" })).toBeVisible();

  // The owner switches four eyes off (recorded): the round submitted under four eyes keeps it, so
  // still no Approve; the switch applies from the next submission, and then the owner approves.
  await setFourEyes(page, false);
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(monthStatus(page)).toHaveText("In review");
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(page.getByText("You submitted this month: with four eyes, someone else approves it.")).toBeVisible();
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(monthStatus(page)).toHaveText("Open");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(monthStatus(page)).toHaveText("In review");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(monthStatus(page)).toHaveText("Approved");
  await expect(page.getByText(/^Approved by Claudia/)).toBeVisible();

  // Transfer sends both kinds (a job; the page follows the month): the service holds exactly the approved lines.
  await transferMonth(page);
  await expect(monthStatus(page)).toHaveText("Transferred");
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Transferred: the payroll service accepted the hours and the extra payments." }),
  ).toBeVisible();
  expect(await control("GET", `/payroll/companies/${COMPANY}/hourly_compensations`)).toEqual([
    {
      company_id: COMPANY,
      employee_id: 1,
      type: "HOURLY_WAGE",
      total_hours: 8,
      total_amount: 12.5,
      date: `${month}-03`,
    },
    { company_id: COMPANY, employee_id: 2, type: "HOURLY_WAGE", total_hours: 4, total_amount: 15 },
  ]);
  expect(await control("GET", `/payroll/companies/${COMPANY}/further_payments`)).toEqual([
    { company_id: COMPANY, employee_id: 3, type: "BONUS_PAYMENT", count: 1, amount: 250 },
  ]);

  // The company list shows the state and who submitted and approved.
  await page.goto("/payroll");
  const row = page.getByRole("row").filter({ hasText: "Bäckerei Krüger GmbH" });
  await expect(row).toContainText("Transferred");
  await expect(row).toContainText("submitted by Claudia");

  // Reopen asks for a reason; the month is open again as round 2 and the grid editable.
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await page.getByRole("button", { name: "Reopen" }).click();
  const dialog = page.getByRole("dialog", { name: /^Reopen/ });
  await dialog.getByRole("button", { name: "Reopen the month" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Say why the month is reopened.");
  await dialog.getByLabel("Reason for reopening").fill("Employee 2 worked 6 hours, not 4");
  await dialog.getByRole("button", { name: "Reopen the month" }).click();
  await expect(monthStatus(page)).toHaveText("Open");
  await expect(page.getByText("Round 2", { exact: true })).toBeVisible();
  await expect(page.getByText(/“Employee 2 worked 6 hours, not 4”/)).toBeVisible();
  await expect(page.getByRole("grid", { name: "Hours of Bäckerei Krüger GmbH" })).not.toHaveAttribute(
    "aria-readonly",
    "true",
  );
  await typeInto(page, 2, "total_hours", "6");
  await expect(cell(page, 2, "total_hours")).toHaveText("6");
  await saved(page);
  expect(errors).toEqual([]);
});

test("a pay-run refusal leaves the month Waiting for pay run with everything kept; sent again after it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  await signInAndConnectPayroll(page);
  await fillMonth(page, month);
  // A workspace of one: four eyes is off by default, the owner submits and approves.
  await acknowledgeAllWarnings(page);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(monthStatus(page)).toHaveText("In review");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(monthStatus(page)).toHaveText("Approved");

  await control("POST", `/payroll/companies/${COMPANY}/pay_run`, { in_progress: true });
  await transferMonth(page);
  await expect(monthStatus(page)).toHaveText("Waiting for pay run");
  await expect(
    page.getByRole("status").filter({ hasText: "Not transferred: the payroll service's pay run is in progress." }),
  ).toBeVisible();
  expect(await control("GET", `/payroll/companies/${COMPANY}/hourly_compensations`)).toEqual([]);
  // Everything is kept: the lines are still there after a reload, the month still frozen.
  await page.reload();
  await expect(monthStatus(page)).toHaveText("Waiting for pay run");
  await expect(cell(page, 3, "amount")).toHaveText("250.00");
  await expect(page.getByRole("grid", { name: "Extra payments of Bäckerei Krüger GmbH" })).toHaveAttribute(
    "aria-readonly",
    "true",
  );

  // Only a person sends again.
  await control("POST", `/payroll/companies/${COMPANY}/pay_run`, { in_progress: false });
  await transferMonth(page);
  await expect(monthStatus(page)).toHaveText("Transferred");
  expect(await control("GET", `/payroll/companies/${COMPANY}/further_payments`)).toHaveLength(1);
});

test("a save into a month frozen meanwhile is refused and the typed value stays, with the reason", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInAndConnectPayroll(page);
  // This tab's live stream is down (a dropped connection), so it does not hear the submission that
  // every page with its stream up follows at once (e2e/clients.spec.ts): the refused save tells it.
  await page.route(
    (url) => url.pathname === `/api/payroll/companies/${COMPANY}/entries/hours/stream`,
    (route) => route.abort("internetdisconnected"),
  );
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await typeInto(page, 1, "type", "Hourly wage", "Tab");
  await page.keyboard.type("8");
  await page.keyboard.press("Enter");
  await saved(page);

  // Another tab submits the month.
  const other = await context.newPage();
  await other.goto(`/payroll/companies/${COMPANY}/hours`);
  await acknowledgeAllWarnings(other);
  await other.getByRole("button", { name: "Submit for review" }).click();
  await expect(monthStatus(other)).toHaveText("In review");
  await other.close();

  // This tab still shows the open grid: the edit is refused (409) and stays on screen.
  await typeInto(page, 1, "total_hours", "9");
  await expect(page.locator('[data-draft-state="frozen"]')).toHaveText(
    "Not saved: the month is in review. What you typed stays here.",
  );
  await expect(cell(page, 1, "total_hours")).toHaveText("9");
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ values: Record<string, string> }>(
      `SELECT "values" FROM payroll_entry_draft_lines WHERE company_id = $1 AND kind = 'hours' AND employee_id = 1`,
      [COMPANY],
    );
    expect(rows.map((row) => row.values.total_hours)).toEqual(["8"]);
  });
});

/** The month filled, its warnings acknowledged, submitted and approved by Claudia alone (a workspace of one: four eyes off). */
async function approvedMonth(page: Page, month: string) {
  await fillMonth(page, month);
  await acknowledgeAllWarnings(page);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(monthStatus(page)).toHaveText("In review");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(monthStatus(page)).toHaveText("Approved");
}

const transferButtons = (page: Page) => page.getByRole("button", { name: /^(Transfer|Check transfer)$/ });

test("a transfer whose process died: the page says it is under way and from when to check; 30 s after its last heartbeat it says it ended, and Check transfer reads the service", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = collectConsoleErrors(page);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  await signInAndConnectPayroll(page);
  await approvedMonth(page, month);
  // What a process killed (kill -9) while sending leaves: the month under its lease, with the last heartbeat.
  const heartbeat = new Date();
  await withDatabase((client) =>
    client.query(
      `UPDATE month_closes SET state = 'transfer_unclear', transfer_lease_id = gen_random_uuid(), transfer_started_at = $2, transfer_heartbeat_at = $2, transfer_started_by_name = 'Claudia Müller' WHERE company_id = $1`,
      [COMPANY, heartbeat],
    ),
  );
  await page.reload();
  // Its lease is live: the month reads Transferring (stored as Transfer unclear), and the page follows it.
  await expect(monthStatus(page)).toHaveText("Transferring");
  const notes = page.locator("[data-transfer-notes]");
  await expect(notes).toContainText(
    /A transfer is under way: Claudia Müller started it at .*; its process last reported at .*\. If it stops reporting, the transfer can be checked from .*/,
  );
  // Neither Transfer nor Check transfer is offered while it may still be alive.
  await expect(transferButtons(page)).toHaveCount(0);

  // 31 s later its heartbeat is stale: the transfer ended without a result; Check transfer reads what the service holds (nothing).
  await advanceClock(31);
  await page.reload();
  await expect(monthStatus(page)).toHaveText("Transfer unclear");
  await expect(notes).toContainText(
    /The transfer Claudia Müller started at .* ended without a result: its process stopped reporting at/,
  );
  await page.getByRole("button", { name: "Check transfer" }).click();
  await expect(monthStatus(page)).toHaveText("Approved");
  await expect(
    page.getByRole("status").filter({
      hasText: "The payroll service does not hold the approved month: it is approved again and can be sent.",
    }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test("a request that lands late: no new transfer until the service was read again after 10 minutes; a read finding other data marks the month Transfer unclear with the difference, also in the company list", async ({
  page,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const errors = collectConsoleErrors(page);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  await signInAndConnectPayroll(page);
  await approvedMonth(page, month);
  // The hours request gets no answer and lands 23 s later.
  await control("POST", "/faults", {
    rules: [
      {
        method: "POST",
        path: `/payroll/v1/companies/${COMPANY}/hourly_compensations`,
        kind: "commit_late",
        commit_after_seconds: 23,
        times: 1,
      },
    ],
  });
  // The request answers at once: Transferring while the job waits for the hours' answer (15 s), then Transfer unclear.
  const answered = page.waitForResponse(
    (response) => /\/api\/month-close\/\d+$/.test(response.url()) && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  expect((await answered).status()).toBe(202);
  await expect(monthStatus(page)).toHaveText("Transferring");
  await expect(
    page.getByText("Transferring … this page shows the result when the payroll service has answered."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Check transfer" })).toHaveCount(0);
  await runJob("month-close-transfer");
  await expect(monthStatus(page)).toHaveText("Transfer unclear", { timeout: 30_000 });
  const notes = page.locator("[data-transfer-notes]");
  await expect(notes).toContainText(
    /The payroll service is read again at .* to confirm the last transfer; a new transfer can start after that\./,
  );
  await expect(page.getByRole("button", { name: "Transfer", exact: true })).toHaveCount(0);

  // A minute later the request has landed and is read: the month says the service holds the hours
  // and that the extra payments were never sent (no longer the request's failure). Check transfer
  // finds the same: Approved, saying so.
  await advanceClock(60);
  await runJob("month-close-reread");
  await page.reload();
  await expect(monthStatus(page)).toHaveText("Transfer unclear");
  await expect(notes).toContainText(
    /Read again at .*, 1 minute after the transfer, the payroll service holds the hours exactly as sent\./,
  );
  await expect(notes).toContainText(
    "The extra payments were never sent; the next transfer sends them with the rest of the month.",
  );
  await expect(page.getByText(/^The service said:/)).toHaveCount(0);
  await page.getByRole("button", { name: "Check transfer" }).click();
  await expect(monthStatus(page)).toHaveText("Approved");
  await expect(notes).toContainText(
    /Check transfer at .* found the payroll service holding the hours exactly as sent\./,
  );
  await expect(notes).toContainText("The extra payments were never sent;");
  expect(await control("GET", `/payroll/companies/${COMPANY}/hourly_compensations`)).toHaveLength(2);
  await expect(page.getByRole("button", { name: "Transfer", exact: true })).toHaveCount(0);

  // After the 10-minute read the month is sent (Claudia's sign-in is older than 10 minutes now: she
  // confirms it is her by an e-mail code); then someone else's old request lands on top of it.
  await advanceClock(540);
  await runJob("month-close-reread");
  await page.reload();
  await transferMonth(page, "Transfer", (asked) => confirmWithEmailCode(asked, mailbox));
  await expect(monthStatus(page)).toHaveText("Transferred");
  const old = await fetch(`${process.env.SANDBOX_URL}/payroll/v1/companies/${COMPANY}/hourly_compensations`, {
    method: "POST",
    headers: { authorization: `Bearer ${SABINE_KEY}`, "content-type": "application/json" },
    body: JSON.stringify([
      { company_id: COMPANY, employee_id: 2, type: "HOURLY_WAGE", total_hours: 3, total_amount: 15 },
    ]),
  });
  expect(old.status).toBeLessThan(300);
  await advanceClock(61);
  await runJob("month-close-reread");
  await page.reload();
  await expect(monthStatus(page)).toHaveText("Transfer unclear");
  await expect(notes).toContainText(
    /Read again at .*, 1 minute after the transfer, the payroll service holds other data than was sent:/,
  );
  await expect(notes).toContainText("Hours: 2 of the 2 lines sent are not held; 1 line is held that was not sent.");
  await page.goto("/payroll");
  const row = page.getByRole("row").filter({ hasText: "Bäckerei Krüger GmbH" });
  await expect(row).toContainText("Transfer unclear");
  await expect(row).toContainText("The service holds other data than was sent: Hours");
  expectOnlyRecentSignInRefusals(errors, 1);
});
