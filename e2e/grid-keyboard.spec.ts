import { expect, test, type Locator, type Page } from "@playwright/test";
import pg from "pg";
import { collectConsoleErrors, control, signInAndConnectPayroll } from "./helpers";

// The entry grid's keyboard, through its public face only (role="grid", aria-activedescendant, the
// cell editor's input): how it behaves today, whatever its internals become.

const COMPANY = 1001;

const cell = (page: Page, employee: number, column: string, line = 1) =>
  page.locator(`[role="row"][data-employee="${employee}"][data-line-number="${line}"] [role="gridcell"][data-col="${column}"]`);

/** The grid names this cell as its active one (focus stays on the grid itself). Cell ids follow line ids, which a re-render may renew: both are read afresh on every try. */
async function expectActive(page: Page, grid: Locator, employee: number, column: string) {
  const named = async () => {
    const active = await grid.getAttribute("aria-activedescendant");
    if (!active) return "(none)";
    return page.evaluate((id) => {
      const element = document.getElementById(id);
      if (!element) return `no element with the id ${id} (selected: ${[...document.querySelectorAll('[role="gridcell"][aria-selected="true"]')].map((cell) => cell.id).join(", ")})`;
      return `${element.closest('[role="row"]')?.getAttribute("data-employee")}/${element.getAttribute("data-col")}`;
    }, active);
  };
  await expect.poll(named).toBe(`${employee}/${column}`);
  await expect(grid).toBeFocused();
}

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// The app's database outlives the sandbox's reset: start from no hours draft for the company, and
// leave none behind for the next spec.
const deleteHoursDraft = () => withDatabase((client) => client.query("DELETE FROM payroll_entry_drafts WHERE company_id = $1 AND kind = 'hours'", [COMPANY]));

test.beforeEach(async () => {
  await control("POST", "/reset");
  await deleteHoursDraft();
});

test.afterEach(async () => {
  await deleteHoursDraft();
});

test("arrows move, Enter/F2/typing edit, Escape cancels, Enter commits down, Tab moves right and wraps; the value is saved", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await signInAndConnectPayroll(page);
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  const grid = page.getByRole("grid", { name: /^Hours of / });
  await expect(grid).toBeVisible();
  const editor = grid.locator("input");

  // Arrows move the active cell.
  await cell(page, 1, "type").click();
  await expectActive(page, grid, 1, "type");
  await page.keyboard.press("ArrowRight");
  await expectActive(page, grid, 1, "total_hours");
  await page.keyboard.press("ArrowDown");
  await expectActive(page, grid, 2, "total_hours");
  await page.keyboard.press("ArrowLeft");
  await expectActive(page, grid, 2, "type");
  await page.keyboard.press("ArrowUp");
  await expectActive(page, grid, 1, "type");
  await page.keyboard.press("ArrowRight");

  // Typing starts editing with the typed text; while editing the grid names no active cell.
  await page.keyboard.type("8");
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue("8");
  await expect(grid).not.toHaveAttribute("aria-activedescendant");
  // Enter commits and moves down.
  await page.keyboard.press("Enter");
  await expect(editor).toHaveCount(0);
  await expect(cell(page, 1, "total_hours")).toHaveText("8");
  await expectActive(page, grid, 2, "total_hours");

  // F2 edits the cell's text; Escape cancels what was typed and keeps the cell active.
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("F2");
  await expect(editor).toHaveValue("8");
  await page.keyboard.type("5");
  await expect(editor).toHaveValue("85");
  await page.keyboard.press("Escape");
  await expect(editor).toHaveCount(0);
  await expect(cell(page, 1, "total_hours")).toHaveText("8");
  await expectActive(page, grid, 1, "total_hours");

  // Enter edits too, keeping the text; Enter commits the change and moves down.
  await page.keyboard.press("Enter");
  await expect(editor).toHaveValue("8");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("7.25");
  await page.keyboard.press("Enter");
  await expect(cell(page, 1, "total_hours")).toHaveText("7.25");
  await expectActive(page, grid, 2, "total_hours");

  // Tab moves right; from a line's last column it wraps to the next line's first, Shift+Tab back.
  await page.keyboard.press("Tab");
  await expectActive(page, grid, 2, "total_amount");
  await page.keyboard.press("End");
  await expectActive(page, grid, 2, "cost_object_id");
  await page.keyboard.press("Tab");
  await expectActive(page, grid, 3, "type");
  await page.keyboard.press("Shift+Tab");
  await expectActive(page, grid, 2, "cost_object_id");

  // Tab in the editor commits and moves on the same way.
  await page.keyboard.type("P9");
  await page.keyboard.press("Tab");
  await expect(cell(page, 2, "cost_object_id")).toHaveText("P9");
  await expectActive(page, grid, 3, "type");

  // What was entered is saved: the draft's rows in the database hold it.
  await expect(page.locator('[data-draft-state="saved"]')).toBeVisible();
  const saved = await withDatabase(async (client) => {
    const { rows } = await client.query<{ employee_id: number; values: Record<string, string> }>(
      `SELECT employee_id, "values" FROM payroll_entry_draft_lines WHERE company_id = $1 AND kind = 'hours' ORDER BY position`,
      [COMPANY],
    );
    return rows;
  });
  expect(saved.find((line) => line.employee_id === 1)?.values.total_hours).toBe("7.25");
  expect(saved.find((line) => line.employee_id === 2)?.values.cost_object_id).toBe("P9");
  expect(errors).toEqual([]);
});
