import { expect, type Page } from "@playwright/test";
import { deleteEntryDrafts, signInAndConnectPayroll } from "./helpers";
import { test } from "./fixtures";

// Text that arrives as text input rather than as key presses (a phone's keyboard, an input
// method, `insertText`) types over a selected cell as a key does (issue #35): "Überstunden" stays
// "Überstunden", not "berstunden".

const COMPANY = 1001;

const cell = (page: Page, employee: number, column: string, line = 1) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="${line}"] [role="gridcell"][data-col="${column}"]`,
  );

test.use({ payrollCompany: COMPANY });

test.afterEach(async ({ page }) => {
  await expect(page.locator('[data-draft-state="unsaved"], [data-draft-state="saving"]')).toHaveCount(0, {
    timeout: 10_000,
  });
  await deleteEntryDrafts(COMPANY, "hours");
});

test("insertText on a selected cell types over it like a key press, and the grid's own content never changes", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndConnectPayroll(page);
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  const grid = page.getByRole("grid", { name: /^Hours of / });
  await expect(grid).toBeVisible();
  const editor = grid.locator("input");

  // A selected cell, not being edited: the first character arrives as text input, the rest as keys.
  await cell(page, 1, "cost_center_id").click();
  await expect(editor).toHaveCount(0);
  await page.keyboard.insertText("Ü");
  await expect(editor).toHaveValue("Ü");
  await page.keyboard.type("berstunden");
  await expect(editor).toHaveValue("Überstunden");
  await page.keyboard.press("Enter");
  await expect(cell(page, 1, "cost_center_id")).toHaveText("Überstunden");

  // A number as a phone's keyboard sends it: all of it as text input, then committed.
  await cell(page, 2, "total_hours").click();
  await page.keyboard.insertText("7.5");
  await expect(editor).toHaveValue("7.5");
  await page.keyboard.press("Enter");
  await expect(cell(page, 2, "total_hours")).toHaveText("7.5");

  // Nothing the browser would have inserted into the (editable) grid itself: no stray text outside the cells.
  expect(
    await grid.evaluate((element) => [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).length),
  ).toBe(0);
  await expect(page.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 10_000 });
});

test("a grid reached by keyboard alone takes a paste: the editable grid's clipboard events are its own", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndConnectPayroll(page);
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  const grid = page.getByRole("grid", { name: /^Hours of / });
  await expect(grid).toBeVisible();
  // Focus by keyboard only (no click puts the document's selection in the grid), then to the first Type cell.
  await grid.focus();
  await page.keyboard.press("Control+Home");
  await page.evaluate(() => navigator.clipboard.writeText("Hourly wage\t8\t12,5"));
  await page.keyboard.press("Control+V");
  await expect(page.getByRole("status").filter({ hasText: "Pasted 3 cells." })).toBeVisible();
  await expect(cell(page, 1, "type")).toHaveText("Hourly wage");
  await expect(cell(page, 1, "total_hours")).toHaveText("8");
});
