import { expect, type Page } from "@playwright/test";
import { formatMonth } from "../lib/i18n/format";
import { control, sendMonthThroughClose, signInAndConnectPayroll, withDatabase } from "./helpers";
import { test } from "./fixtures";

// Less typing: after a month was transferred (through the month close) and the service moved the
// company's month on, the new month's empty draft starts from the last transferred set (dates
// moved into the new month, undoable, saved like any edit), and a new line's type brings the
// employee's remembered rate.

const COMPANY = 1001;

const cell = (page: Page, employee: number, column: string, line = 1) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="${line}"] [role="gridcell"][data-col="${column}"]`,
  );

async function typeInto(
  page: Page,
  employee: number,
  column: string,
  text: string,
  then: "Tab" | "Enter" = "Enter",
  line = 1,
) {
  await cell(page, employee, column, line).click();
  await page.keyboard.type(text);
  await page.keyboard.press(then);
}

const saved = (page: Page) => expect(page.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 10_000 });

test.use({ payrollCompany: COMPANY });

test("a new month starts from the last transfer, undoably, and a new line proposes the remembered rate", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  await signInAndConnectPayroll(page);
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  // Nothing transferred before: nothing to start from.
  await expect(page.getByRole("button", { name: /^Start from last transfer/ })).toHaveCount(0);
  await typeInto(page, 1, "type", "Hourly wage", "Tab");
  await page.keyboard.type("8");
  await page.keyboard.press("Tab");
  await page.keyboard.type("13.9");
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.type(`${month}-05`);
  await page.keyboard.press("Enter");
  await typeInto(page, 2, "type", "Sunday premium", "Tab");
  await page.keyboard.type("4");
  await page.keyboard.press("Tab");
  await page.keyboard.type("15");
  await page.keyboard.press("Enter");
  await saved(page);
  await sendMonthThroughClose(page);

  // The payroll service closes its month: the company is in the next one.
  const { current_month: next } = await control<{ current_month: string }>(
    "POST",
    `/payroll/companies/${COMPANY}/close_month`,
  );
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(page.getByText(`Payroll month ${formatMonth("en", next)}`)).toBeVisible();
  const start = page.getByRole("button", { name: `Start from last transfer (${formatMonth("en", month)})` });
  await start.click();
  await expect(
    page.getByRole("status").filter({ hasText: `Started from the transfer of ${formatMonth("en", month)}: 2 lines.` }),
  ).toBeVisible();
  await expect(cell(page, 1, "type")).toHaveText("Hourly wage");
  await expect(cell(page, 1, "total_amount")).toHaveText("13.90");
  await expect(cell(page, 2, "type")).toHaveText("Sunday premium");
  await expect(start).toHaveCount(0);

  // One undo takes it all back (and the offer returns); redo brings it again.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(cell(page, 1, "type")).toHaveText("");
  await expect(start).toBeVisible();
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(cell(page, 1, "type")).toHaveText("Hourly wage");
  await saved(page);
  // Saved like any edit, dates moved into the new month, and recorded.
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ employee_id: number; values: Record<string, string> }>(
      `SELECT employee_id, "values" FROM payroll_entry_draft_lines WHERE company_id = $1 AND kind = 'hours' AND period = $2 AND NOT deleted ORDER BY employee_id`,
      [COMPANY, next],
    );
    // Blank lines (the other employees' empty rows) are kept as the grid has them; the filled ones are the transfer's.
    const filled = rows.filter((row) => Object.keys(row.values).length > 0);
    expect(filled.map((row) => [row.employee_id, row.values.type, row.values.date ?? null])).toEqual([
      [1, "HOURLY_WAGE", `${next}-05`],
      [2, "SUNDAY_PREMIUM", null],
    ]);
  });

  // A new line: choosing its type brings the employee's rate of the last transfer; the clerk may overwrite it.
  await cell(page, 1, "type").click();
  await page.getByRole("button", { name: "Add line" }).click();
  await typeInto(page, 1, "type", "Hourly wage", "Tab", 2);
  await expect(cell(page, 1, "total_amount", 2)).toHaveText("13.90");
  await typeInto(page, 1, "total_amount", "14", "Enter", 2);
  await expect(cell(page, 1, "total_amount", 2)).toHaveText("14.00");
  // Employee 3 had no such line: nothing is proposed.
  await typeInto(page, 3, "type", "Hourly wage", "Tab");
  await expect(cell(page, 3, "total_amount")).toHaveText("");
  await saved(page);
});
