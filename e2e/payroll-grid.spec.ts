import { expect, type Page } from "@playwright/test";
import { formatMonth } from "../lib/i18n/format";
import {
  approveMonth,
  collectConsoleErrors,
  control,
  reopenMonth,
  sendMonthThroughClose,
  signInAndConnectPayroll as signInAndConnect,
} from "./helpers";
import { test } from "./fixtures";
import { confirmWithEmailCode, expectOnlyRecentSignInRefusals } from "./recent-sign-in";
import { advanceClock, runJob, transferMonth } from "./time-controls";

const COMPANY = 1001;

const cell = (page: Page, employee: number, column: string, line = 1) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="${line}"] [role="gridcell"][data-col="${column}"]`,
  );

/** Types into the active cell as a person does: the first key opens the editor. */
async function typeInto(page: Page, employee: number, column: string, text: string, then: "Tab" | "Enter" = "Enter") {
  await cell(page, employee, column).click();
  await page.keyboard.type(text);
  await page.keyboard.press(then);
}

async function pasteBlock(page: Page, text: string) {
  // What a spreadsheet puts on the clipboard, pasted with Ctrl+V into the focused grid.
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press("Control+V");
}

async function draftSaved(page: Page) {
  await expect(page.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 5_000 });
}

// Earlier specs (the keyboard spec, the fuzz test) may have left a draft of this company.
test.use({ payrollCompany: COMPANY });

test("hours: type, paste, correct, reload the draft, transfer, change one line and transfer again", async ({
  page,
  context,
  mailbox,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const errors = collectConsoleErrors(page);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  await signInAndConnect(page);

  await page.goto(`/payroll/companies/${COMPANY}`);
  await page.getByRole("link", { name: "Hours", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hours: Bäckerei Krüger GmbH");
  const grid = page.getByRole("grid", { name: "Hours of Bäckerei Krüger GmbH" });
  await expect(grid).toBeVisible();

  // Typing: Tab moves right, Enter moves down; a label in either language is understood.
  await typeInto(page, 1, "type", "Hourly wage", "Tab");
  await page.keyboard.type("8");
  await page.keyboard.press("Tab");
  await page.keyboard.type("12.5");
  await page.keyboard.press("Enter");
  await expect(cell(page, 1, "computed")).toHaveText("100.00");
  // Money shows cents; what is stored stays the canonical value (12.5, see the transfer below).
  await expect(cell(page, 1, "total_amount")).toHaveText("12.50");

  // A negative rate is caught while typing and stays marked after it is entered.
  await typeInto(page, 2, "type", "Sonntagszuschlag", "Tab");
  await page.keyboard.type("4");
  await page.keyboard.press("Tab");
  await page.keyboard.type("-15");
  await expect(page.getByRole("alert").filter({ hasText: "Must not be negative." })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(cell(page, 2, "total_amount")).toHaveAttribute("aria-invalid", "true");
  await expect(cell(page, 2, "total_amount")).toContainText("-15.00");
  await expect(page.getByRole("region", { name: "Problems (1)" })).toContainText("Rate: Must not be negative.");

  // Paste a block from a spreadsheet at employee 3's type cell: three employees, all columns.
  await cell(page, 3, "type").click();
  await pasteBlock(
    page,
    `Overtime\t2\t18\t25\t${month}-05\tK100\tP1\r\nHourly wage\t160\t13,5\t\t\t\t\r\nNight supplement 25 %\t10\t3\t\t\t\t\r\n`,
  );
  await expect(page.getByRole("status").filter({ hasText: "Pasted 21 cells." })).toBeVisible();
  await expect(cell(page, 3, "type")).toHaveText("Overtime");
  await expect(cell(page, 4, "total_amount")).toHaveText("13.50");
  await expect(cell(page, 7, "computed")).toHaveText("30.00");
  // The paste is undone in one step, and redone.
  await page.keyboard.press("Control+Z");
  await expect(cell(page, 3, "type")).toHaveText("");
  await expect(cell(page, 7, "type")).toHaveText("");
  await page.keyboard.press("Control+Y");
  await expect(cell(page, 7, "type")).toHaveText("Night supplement 25 %");

  // Correct the error: the problem goes.
  await typeInto(page, 2, "total_amount", "15");
  await expect(page.getByRole("region", { name: "Problems (0)" })).toContainText("No problems.");
  await expect(page.getByTestId("grand-total")).toHaveText("2,386.00");

  // The draft is on the server: a reload shows it.
  await draftSaved(page);
  await page.reload();
  await expect(cell(page, 3, "cost_center_id")).toHaveText("K100");
  await expect(cell(page, 2, "total_amount")).toHaveText("15.00");
  await expect(page.getByTestId("grand-total")).toHaveText("2,386.00");

  // The grid has no send of its own: it compares with the last transfer; the month close sends.
  await page.getByRole("button", { name: "Compare with the last transfer …" }).click();
  const review = page.getByRole("dialog", { name: "What changed since the last transfer" });
  await expect(review).toContainText(`Nothing was transferred for ${formatMonth("en", month)} yet.`);
  await expect(review).toContainText("Added (5)");
  await review.getByRole("button", { name: "Close" }).click();
  await sendMonthThroughClose(page);
  const expected = [
    { company_id: COMPANY, employee_id: 1, type: "HOURLY_WAGE", total_hours: 8, total_amount: 12.5 },
    { company_id: COMPANY, employee_id: 2, type: "SUNDAY_PREMIUM", total_hours: 4, total_amount: 15 },
    {
      company_id: COMPANY,
      employee_id: 3,
      type: "ADDITIONAL_OVERTIME",
      total_hours: 2,
      total_amount: 18,
      surcharge: 25,
      date: `${month}-05`,
      cost_center_id: "K100",
      cost_object_id: "P1",
    },
    { company_id: COMPANY, employee_id: 4, type: "HOURLY_WAGE", total_hours: 160, total_amount: 13.5 },
    { company_id: COMPANY, employee_id: 7, type: "NIGHT_SUPPLEMENT_25", total_hours: 10, total_amount: 3 },
  ];
  expect(await control("GET", `/payroll/companies/${COMPANY}/hourly_compensations`)).toEqual(expected);

  // Reopen, change one line and remove another: the comparison shows exactly that; the service then holds only the new set.
  await reopenMonth(page, "Employee 1 worked 9 hours");
  await typeInto(page, 1, "total_hours", "9");
  await cell(page, 7, "type").click();
  await page.keyboard.press("Control+Delete");
  await expect(cell(page, 7, "type")).toHaveText("");
  await page.getByRole("button", { name: "Compare with the last transfer …" }).click();
  await expect(review).toContainText("Changed (1)");
  await expect(review).toContainText("Hours: 8 → Hours: 9");
  await expect(review).toContainText("Removed (1)");
  await expect(review).not.toContainText("Added");
  await review.getByRole("button", { name: "Close" }).click();
  await draftSaved(page);
  // A new transfer waits for the service to be read again 10 minutes after the last one (issue 23): the clock moves, the read runs.
  await advanceClock(600);
  await runJob("month-close-reread");
  await page.reload();
  // The sign-in is older than 10 minutes now: Approve asks to confirm (an e-mail code).
  await sendMonthThroughClose(page, (asked) => confirmWithEmailCode(asked, mailbox));
  expect(await control("GET", `/payroll/companies/${COMPANY}/hourly_compensations`)).toEqual([
    { ...expected[0], total_hours: 9 },
    ...expected.slice(1, 4),
  ]);

  // The history: both transfers, who and what, and their comparison.
  await page.getByRole("link", { name: "Transfer history" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transfer history: Bäckerei Krüger GmbH");
  await expect(page.getByRole("row").filter({ hasText: "Stored" })).toHaveCount(2);
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page.getByRole("region", { name: /compared with/ })).toContainText("Changed (1)");
  await expect(page.getByRole("region", { name: /compared with/ })).toContainText("Removed (1)");
  expectOnlyRecentSignInRefusals(errors, 1);
});

test("extra payments: the month close's transfer waits during a pay run with the draft kept, accepted after it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await signInAndConnect(page);
  await page.goto(`/payroll/companies/${COMPANY}/payments`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Extra payments: Bäckerei Krüger GmbH");

  await typeInto(page, 1, "type", "Bonus", "Tab");
  // Outside the cell editor Tab leaves the grid (ARIA grid pattern): the arrow moves on.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.type("250");
  await page.keyboard.press("Enter");
  await typeInto(page, 3, "type", "Travel costs", "Tab");
  await page.keyboard.type("2");
  await page.keyboard.press("Tab");
  await page.keyboard.type("12.5");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("grand-total")).toHaveText("275.00");

  // Copy employee 1's bonus line to employee 2.
  await cell(page, 1, "amount").click();
  await page.getByRole("button", { name: "Copy line to other employees" }).click();
  const copy = page.getByRole("dialog", { name: /Copy the line of/ });
  await copy.getByRole("checkbox", { name: /#2$/ }).check();
  await copy.getByRole("button", { name: "Copy to the chosen employees (1)" }).click();
  await expect(cell(page, 2, "type")).toHaveText("Bonus");
  await expect(page.getByTestId("grand-total")).toHaveText("525.00");
  await draftSaved(page);

  // The month close sends both kinds; during a pay run the service refuses and the month waits.
  const status = page.getByRole("status", { name: "Month status" });
  await approveMonth(page, "Expected this month");
  await control("POST", `/payroll/companies/${COMPANY}/pay_run`, { in_progress: true });
  await transferMonth(page);
  await expect(status).toHaveText("Waiting for pay run");
  expect(await control("GET", `/payroll/companies/${COMPANY}/further_payments`)).toEqual([]);

  // The draft stays, also across a reload; nothing is sent again by itself: the page, once its
  // requests have settled, has asked for no month-close action.
  const actionsAsked: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/month-close/.test(request.url())) actionsAsked.push(request.url());
  });
  await page.reload();
  await expect(cell(page, 3, "amount")).toHaveText("12.50");
  await page.waitForLoadState("networkidle");
  expect(actionsAsked).toEqual([]);
  expect(await control("GET", `/payroll/companies/${COMPANY}/further_payments`)).toEqual([]);

  await control("POST", `/payroll/companies/${COMPANY}/pay_run`, { in_progress: false });
  await transferMonth(page);
  await expect(status).toHaveText("Transferred");
  expect(await control("GET", `/payroll/companies/${COMPANY}/further_payments`)).toEqual([
    { company_id: COMPANY, employee_id: 1, type: "BONUS_PAYMENT", count: 1, amount: 250 },
    { company_id: COMPANY, employee_id: 2, type: "BONUS_PAYMENT", count: 1, amount: 250 },
    { company_id: COMPANY, employee_id: 3, type: "TRAVEL_COSTS", count: 2, amount: 12.5 },
  ]);
  expect(errors).toEqual([]);
});
