import { expect, type Locator, type Page } from "@playwright/test";
import { collectConsoleErrors, control, deleteEntryDrafts, signInAndConnectPayroll, withDatabase } from "./helpers";
import { test } from "./fixtures";

// The entry grid's keyboard, through its public face only (role="grid", aria-activedescendant, the
// cell editor's input): the ARIA grid pattern, whatever the grid's internals become.

const COMPANY = 1001;

const cell = (page: Page, employee: number, column: string, line = 1) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="${line}"] [role="gridcell"][data-col="${column}"]`,
  );

/** The grid names this cell as its active one (focus stays on the grid itself). Cell ids follow line ids, which a re-render may renew: both are read afresh on every try. */
/** Claudia signed in with Sabine's customer, on the company's hours page: its grid, once shown. */
async function openHoursGrid(page: Page): Promise<Locator> {
  await signInAndConnectPayroll(page);
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  const grid = page.getByRole("grid", { name: /^Hours of / });
  await expect(grid).toBeVisible();
  return grid;
}

async function expectActive(page: Page, grid: Locator, employee: number, column: string) {
  const named = async () => {
    const active = await grid.getAttribute("aria-activedescendant");
    if (!active) return "(none)";
    return page.evaluate((id) => {
      const element = document.getElementById(id);
      if (!element)
        return `no element with the id ${id} (selected: ${[...document.querySelectorAll('[role="gridcell"][aria-selected="true"]')].map((cell) => cell.id).join(", ")})`;
      return `${element.closest('[role="row"]')?.getAttribute("data-employee")}/${element.getAttribute("data-col")}`;
    }, active);
  };
  await expect.poll(named).toBe(`${employee}/${column}`);
  await expect(grid).toBeFocused();
}

/** Where the focused element is against the grid: "inside" (or the grid itself), "before" or "after" it in the page. */
function focusComparedWith(grid: Locator): Promise<string> {
  return grid.evaluate((element) => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return "none";
    if (element === focused || element.contains(focused)) return "inside";
    return element.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING ? "after" : "before";
  });
}

/** The active cell is on the grid's last row. */
function activeRowIndexIsLast(grid: Locator): Promise<boolean> {
  return grid.evaluate((element) => {
    const id = element.getAttribute("aria-activedescendant");
    const row = id ? document.getElementById(id)?.closest('[role="row"]') : null;
    return row?.getAttribute("aria-rowindex") === element.getAttribute("aria-rowcount");
  });
}

/**
 * Records every moment (after each DOM change of the grid) at which aria-activedescendant names
 * an id that no element has: the descendant must resolve after every step, not only eventually.
 */
async function watchActiveCell(grid: Locator) {
  await grid.evaluate((element) => {
    const missing: string[] = [];
    (window as unknown as { missingActiveCells: string[] }).missingActiveCells = missing;
    const check = () => {
      const id = element.getAttribute("aria-activedescendant");
      if (id && !document.getElementById(id)) missing.push(id);
    };
    new MutationObserver(check).observe(element, {
      attributes: true,
      attributeFilter: ["aria-activedescendant"],
      childList: true,
      subtree: true,
    });
  });
}

const missingActiveCells = (page: Page) =>
  page.evaluate(() => (window as unknown as { missingActiveCells: string[] }).missingActiveCells);

const deleteHoursDraft = () => deleteEntryDrafts(COMPANY, "hours");

test.use({ payrollCompany: COMPANY });

test.afterEach(async ({ page }) => {
  // Nothing left unsaved first: closing the page would save it again (keepalive) after the delete.
  await expect(page.locator('[data-draft-state="unsaved"], [data-draft-state="saving"]')).toHaveCount(0, {
    timeout: 10_000,
  });
  await deleteHoursDraft();
});

test("arrows move and stop at the edges, Home/End and Ctrl+Home/End, Tab moves between cells and leaves the grid past its edges or after Escape, Enter/F2/typing edit, Escape cancels, Enter commits down; the value is saved", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const grid = await openHoursGrid(page);
  const editor = grid.locator("input");
  await watchActiveCell(grid);

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

  // The ARIA grid pattern: End and Home go to the line's last and first cell (the computed,
  // read-only columns are cells too) and arrows stop at the edges.
  await page.keyboard.press("End");
  await expectActive(page, grid, 2, "employee-total");
  await page.keyboard.press("ArrowRight");
  await expectActive(page, grid, 2, "employee-total");
  await page.keyboard.press("ArrowLeft");
  await expectActive(page, grid, 2, "computed");
  await page.keyboard.press("ArrowLeft");
  await expectActive(page, grid, 2, "cost_object_id");
  // Tab and Shift+Tab move from cell to cell, wrapping at a line's end, and stay in the grid.
  await page.keyboard.press("Tab");
  await expectActive(page, grid, 2, "computed");
  await page.keyboard.press("Tab");
  await expectActive(page, grid, 2, "employee-total");
  await page.keyboard.press("Tab");
  await expectActive(page, grid, 3, "type");
  await page.keyboard.press("Shift+Tab");
  await expectActive(page, grid, 2, "employee-total");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expectActive(page, grid, 2, "cost_object_id");
  // Escape, then Tab leaves the grid from any cell (forwards; Shift+Tab backwards); coming back,
  // the same cell is active.
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  await expect.poll(() => focusComparedWith(grid)).toBe("after");
  await page.keyboard.press("Shift+Tab");
  await expectActive(page, grid, 2, "cost_object_id");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Shift+Tab");
  await expect.poll(() => focusComparedWith(grid)).toBe("before");
  await page.keyboard.press("Tab");
  await expectActive(page, grid, 2, "cost_object_id");
  // Escape cancels an edit, and a Tab right after it leaves the grid too.
  await page.keyboard.type("x");
  await expect(editor).toBeFocused();
  await page.keyboard.press("Escape");
  await expectActive(page, grid, 2, "cost_object_id");
  await page.keyboard.press("Tab");
  await expect.poll(() => focusComparedWith(grid)).toBe("after");
  await page.keyboard.press("Shift+Tab");
  await expectActive(page, grid, 2, "cost_object_id");
  await expect(cell(page, 2, "cost_object_id")).toHaveText("");
  await page.keyboard.press("Home");
  await expectActive(page, grid, 2, "type");
  await page.keyboard.press("ArrowLeft");
  await expectActive(page, grid, 2, "type");
  // Ctrl+End and Ctrl+Home: the grid's last and first cell (the last line is far outside the
  // rendered rows). Tab past the last cell leaves the grid, and Shift+Tab before the first.
  await page.keyboard.press("Control+End");
  await expect.poll(() => activeRowIndexIsLast(grid)).toBe(true);
  await page.keyboard.press("Tab");
  await expect.poll(() => focusComparedWith(grid)).toBe("after");
  await page.keyboard.press("Shift+Tab");
  await expect(grid).toBeFocused();
  await expect.poll(() => activeRowIndexIsLast(grid)).toBe(true);
  await page.keyboard.press("Control+Home");
  await expectActive(page, grid, 1, "type");
  await page.keyboard.press("Shift+Tab");
  await expect.poll(() => focusComparedWith(grid)).toBe("before");
  await page.keyboard.press("Tab");
  await expectActive(page, grid, 1, "type");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expectActive(page, grid, 2, "cost_object_id");

  // Tab in the cell editor commits and moves right (as spreadsheets do); typing on a read-only cell
  // changes nothing; the next Tab stays in the grid too.
  await page.keyboard.type("P9");
  await page.keyboard.press("Tab");
  await expect(cell(page, 2, "cost_object_id")).toHaveText("P9");
  await expectActive(page, grid, 2, "computed");
  await expect(grid).toBeFocused();
  await page.keyboard.type("5");
  await expect(editor).toHaveCount(0);
  await expectActive(page, grid, 2, "computed");
  await page.keyboard.press("Tab");
  await expectActive(page, grid, 2, "employee-total");

  // Never, after any step, did the grid name an active cell that was not in the page.
  expect(await missingActiveCells(page)).toEqual([]);

  // The keyboard help says all this in words.
  await page.getByText("Keyboard keys of the grid").click();
  await expect(
    page.getByText("To leave the grid from any cell, press Escape and then Tab (or Shift+Tab)."),
  ).toBeVisible();
  // And in short beside the grid, which names it as the grid's description.
  await expect(grid).toHaveAccessibleDescription(
    "Tab moves to the next cell, Shift+Tab to the previous one; Escape, then Tab leaves the grid.",
  );

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

const savedHoursLines = () =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{ employee_id: number; values: Record<string, string> }>(
      `SELECT employee_id, "values" FROM payroll_entry_draft_lines WHERE company_id = $1 AND kind = 'hours' ORDER BY position`,
      [COMPANY],
    );
    return rows;
  });

test("a line typed with Tab between its values: each value lands in its cell, the date too, and nothing typed leaves the grid", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  const [year, monthNumber] = month.split("-");
  const grid = await openHoursGrid(page);
  // Whatever gets focus outside the grid while typing is recorded: nothing may.
  await page.evaluate((selector) => {
    const outside: string[] = [];
    (window as unknown as { focusOutside: string[] }).focusOutside = outside;
    document.addEventListener("focusin", (event) => {
      const target = event.target as HTMLElement;
      if (!target.closest(selector))
        outside.push(
          `${target.tagName} ${target.getAttribute("aria-label") ?? target.textContent?.slice(0, 40) ?? ""}`,
        );
    });
  }, '[role="grid"]');

  await cell(page, 1, "type").click();
  const values: [column: string, typed: string, shown: string][] = [
    ["type", "Sunday premium", "Sunday premium"],
    ["total_hours", "4", "4"],
    ["total_amount", "15", "15.00"],
    ["surcharge", "50", "50"],
    ["date", `15/${monthNumber}/${year}`, `15/${monthNumber}/${year}`],
    ["cost_center_id", "K100", "K100"],
    ["cost_object_id", "P7", "P7"],
  ];
  for (const [column, typed] of values) {
    await expectActive(page, grid, 1, column);
    await page.keyboard.type(typed);
    await page.keyboard.press("Tab");
  }
  // On through the computed cells and on to the next line, then back.
  await expectActive(page, grid, 1, "computed");
  await page.keyboard.press("Tab");
  await expectActive(page, grid, 1, "employee-total");
  await page.keyboard.press("Tab");
  await expectActive(page, grid, 2, "type");
  await page.keyboard.press("Shift+Tab");
  await expectActive(page, grid, 1, "employee-total");
  for (const [column, , shown] of values) await expect(cell(page, 1, column)).toHaveText(shown);
  expect(await page.evaluate(() => (window as unknown as { focusOutside: string[] }).focusOutside)).toEqual([]);

  // Saved as typed.
  await expect(page.locator('[data-draft-state="saved"]')).toBeVisible();
  await expect
    .poll(async () => (await savedHoursLines()).find((line) => line.employee_id === 1)?.values)
    .toMatchObject({
      type: "SUNDAY_PREMIUM",
      total_hours: "4",
      total_amount: "15",
      surcharge: "50",
      date: `${year}-${monthNumber}-15`,
      cost_center_id: "K100",
      cost_object_id: "P7",
    });
  expect(errors).toEqual([]);
});

test("a value typed and the page reloaded at once is kept, also while its cell is still being edited", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const grid = await openHoursGrid(page);

  // Entered, and the page reloaded before the debounced save (half a second) would have run.
  await cell(page, 1, "total_hours").click();
  await page.keyboard.type("6.5");
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-draft-state="unsaved"]')).toBeVisible();
  await page.reload();
  await expect(cell(page, 1, "total_hours")).toHaveText("6.5");
  await expect
    .poll(async () => (await savedHoursLines()).find((line) => line.employee_id === 1)?.values.total_hours)
    .toBe("6.5");

  // Still in the cell editor when the page is reloaded: kept too.
  await cell(page, 2, "total_hours").click();
  await page.keyboard.type("3,5");
  await expect(grid.locator("input")).toHaveValue("3,5");
  await page.reload();
  await expect(cell(page, 2, "total_hours")).toHaveText("3.5");
  await expect(cell(page, 1, "total_hours")).toHaveText("6.5");
  const saved = await savedHoursLines();
  expect(saved.find((line) => line.employee_id === 2)?.values.total_hours).toBe("3.5");
  expect(saved.find((line) => line.employee_id === 1)?.values.total_hours).toBe("6.5");
  expect(errors).toEqual([]);
});

test("at 1,024 px the arrow keys reach the last columns, scrolled into view, with the employee column kept in place", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  const grid = await openHoursGrid(page);
  await watchActiveCell(grid);
  expect(await grid.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

  /** The cell is wholly inside the grid's visible area and right of the employee column, which is at the grid's left edge. */
  const inView = (target: Locator) =>
    target.evaluate((target) => {
      const scroller = target.closest('[role="grid"]') as HTMLElement;
      const name = target.closest('[role="row"]')?.querySelector('[role="rowheader"]');
      if (!name) return "no employee column";
      const box = target.getBoundingClientRect();
      const view = scroller.getBoundingClientRect();
      const left = view.left + scroller.clientLeft;
      const nameBox = name.getBoundingClientRect();
      if (Math.abs(nameBox.left - left) > 1) return `employee column moved to ${nameBox.left - left}px`;
      if (box.left < nameBox.right - 1) return "under the employee column";
      if (box.right > left + scroller.clientWidth + 1) return "right of the view";
      if (box.bottom > view.top + scroller.clientTop + scroller.clientHeight + 1) return "below the view";
      const header = scroller.querySelector('[role="row"][aria-rowindex="1"]')?.getBoundingClientRect();
      if (header && box.top < header.bottom - 1) return "under the header row";
      return "in view";
    });

  await cell(page, 1, "type").click();
  const columns = [
    "type",
    "total_hours",
    "total_amount",
    "surcharge",
    "date",
    "cost_center_id",
    "cost_object_id",
    "computed",
    "employee-total",
  ];
  for (const column of columns.slice(1)) {
    await page.keyboard.press("ArrowRight");
    await expectActive(page, grid, 1, column);
    await expect.poll(() => inView(cell(page, 1, column))).toBe("in view");
  }
  expect(await grid.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  for (const column of columns.slice(0, -1).reverse()) {
    await page.keyboard.press("ArrowLeft");
    await expectActive(page, grid, 1, column);
    await expect.poll(() => inView(cell(page, 1, column))).toBe("in view");
  }
  // Down the grid too, with more lines than fit (30 added with Ctrl+Enter): Ctrl+End, Ctrl+Home
  // and Page Down keep the active cell rendered and in view.
  const rowCount = Number(await grid.getAttribute("aria-rowcount"));
  await page.keyboard.press("Home");
  for (let added = 0; added < 30; added += 1) await page.keyboard.press("Control+Enter");
  await expect(grid).toHaveAttribute("aria-rowcount", String(rowCount + 30));
  const activeCell = async () => page.locator(`[id="${await grid.getAttribute("aria-activedescendant")}"]`);
  await page.keyboard.press("Control+End");
  await expect.poll(() => activeRowIndexIsLast(grid)).toBe(true);
  await expect.poll(async () => inView(await activeCell())).toBe("in view");
  await page.keyboard.press("Control+Home");
  await expectActive(page, grid, 1, "type");
  await expect.poll(async () => inView(await activeCell())).toBe("in view");
  await page.keyboard.press("PageDown");
  await page.keyboard.press("PageDown");
  await expect
    .poll(async () =>
      Number(
        await (await activeCell()).evaluate((target) => target.closest('[role="row"]')?.getAttribute("aria-rowindex")),
      ),
    )
    // Two pages down: a page is the lines in view (the grid fills the window's height below the toolbar) less one.
    .toBeGreaterThan(12);
  await expect.poll(async () => inView(await activeCell())).toBe("in view");
  expect(await missingActiveCells(page)).toEqual([]);
});

test("three lines typed with Tab across every column, keyboard only: every value in its cell, on screen and in the saved draft", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  const [year, monthNumber] = month.split("-");
  const grid = await openHoursGrid(page);
  // To the grid's first cell by keyboard alone: focus the grid with Tab from the search field before it.
  await page.getByRole("searchbox", { name: "Search employees" }).focus();
  for (let press = 0; press < 20 && !(await grid.evaluate((element) => element === document.activeElement)); press += 1)
    await page.keyboard.press("Tab");
  await page.keyboard.press("Control+Home");
  await expectActive(page, grid, 1, "type");

  const columns = ["type", "total_hours", "total_amount", "surcharge", "date", "cost_center_id", "cost_object_id"];
  const lines: { employee: number; typed: string[]; shown: string[]; saved: Record<string, string> }[] = [
    {
      employee: 1,
      typed: ["Hourly wage", "8", "14.5", "", "3", "K100", "P1"],
      shown: ["Hourly wage", "8", "14.50", "", `03/${monthNumber}/${year}`, "K100", "P1"],
      saved: {
        type: "HOURLY_WAGE",
        total_hours: "8",
        total_amount: "14.5",
        date: `${year}-${monthNumber}-03`,
        cost_center_id: "K100",
        cost_object_id: "P1",
      },
    },
    {
      employee: 2,
      typed: ["Sunday premium", "4", "15", "50", `15/${monthNumber}/${year}`, "K200", "P2"],
      shown: ["Sunday premium", "4", "15.00", "50", `15/${monthNumber}/${year}`, "K200", "P2"],
      saved: {
        type: "SUNDAY_PREMIUM",
        total_hours: "4",
        total_amount: "15",
        surcharge: "50",
        date: `${year}-${monthNumber}-15`,
        cost_center_id: "K200",
        cost_object_id: "P2",
      },
    },
    {
      employee: 3,
      typed: ["Overtime", "2.5", "20", "25", "", "", "P3"],
      shown: ["Overtime", "2.5", "20.00", "25", "", "", "P3"],
      saved: {
        type: "ADDITIONAL_OVERTIME",
        total_hours: "2.5",
        total_amount: "20",
        surcharge: "25",
        cost_object_id: "P3",
      },
    },
  ];
  for (const line of lines) {
    for (const [index, typed] of line.typed.entries()) {
      await expectActive(page, grid, line.employee, columns[index]!);
      if (typed) await page.keyboard.type(typed);
      await page.keyboard.press("Tab");
    }
    // On through the two computed cells to the next line's first cell.
    await expectActive(page, grid, line.employee, "computed");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
  }
  await expectActive(page, grid, 4, "type");
  for (const line of lines)
    for (const [index, shown] of line.shown.entries())
      await expect(cell(page, line.employee, columns[index]!)).toHaveText(shown);

  await expect(page.locator('[data-draft-state="saved"]')).toBeVisible();
  for (const line of lines)
    await expect
      .poll(async () => {
        const values = (await savedHoursLines()).find((saved) => saved.employee_id === line.employee)?.values ?? {};
        // Only the filled fields: an empty one may be kept as "" or left out.
        return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
      })
      .toEqual(line.saved);
  expect(errors).toEqual([]);
});

test("like a spreadsheet: Ctrl+arrows jump to a block's edge, typing replaces a selected cell, F2 edits with the caret at the end, Escape restores", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const grid = await openHoursGrid(page);
  const editor = grid.locator("input");

  // Employee 1: type, hours and rate filled, then a gap, then the cost centre; employee 2: hours only.
  await cell(page, 1, "type").click();
  for (const typed of ["Hourly wage", "8", "14", "", "", "K1"]) {
    if (typed) await page.keyboard.type(typed);
    await page.keyboard.press("Tab");
  }
  await cell(page, 2, "total_hours").click();
  await page.keyboard.type("6");
  await page.keyboard.press("Enter");
  await expect(cell(page, 1, "cost_center_id")).toHaveText("K1");

  // Along the line: to the block's end, then the next filled cell, and back.
  await page.keyboard.press("Control+Home");
  await expectActive(page, grid, 1, "type");
  await page.keyboard.press("Control+ArrowRight");
  await expectActive(page, grid, 1, "total_amount");
  await page.keyboard.press("Control+ArrowRight");
  await expectActive(page, grid, 1, "cost_center_id");
  await page.keyboard.press("Control+ArrowLeft");
  await expectActive(page, grid, 1, "total_amount");
  await page.keyboard.press("Control+ArrowLeft");
  await expectActive(page, grid, 1, "type");
  // Down the hours column: the block of employees 1 and 2, then nothing filled: the last line.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Control+ArrowDown");
  await expectActive(page, grid, 2, "total_hours");
  await page.keyboard.press("Control+ArrowDown");
  await expectActive(page, grid, 7, "total_hours");
  await page.keyboard.press("Control+ArrowUp");
  await expectActive(page, grid, 2, "total_hours");
  await page.keyboard.press("Control+ArrowUp");
  await expectActive(page, grid, 1, "total_hours");

  // Typing over the selected cell replaces what it holds.
  await page.keyboard.type("9");
  await expect(editor).toHaveValue("9");
  await page.keyboard.press("Enter");
  await expect(cell(page, 1, "total_hours")).toHaveText("9");
  await expectActive(page, grid, 2, "total_hours");
  // F2 edits in place, the caret at the end; Escape restores the value from before the edit.
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("F2");
  await expect(editor).toHaveValue("9");
  expect(await editor.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([
    1, 1,
  ]);
  await page.keyboard.type(".75");
  await expect(editor).toHaveValue("9.75");
  await page.keyboard.press("Escape");
  await expect(editor).toHaveCount(0);
  await expect(cell(page, 1, "total_hours")).toHaveText("9");
  await expectActive(page, grid, 1, "total_hours");
  // Home and End: the line's first and last cell.
  await page.keyboard.press("End");
  await expectActive(page, grid, 1, "employee-total");
  await page.keyboard.press("Home");
  await expectActive(page, grid, 1, "type");
  await expect(page.locator('[data-draft-state="saved"]')).toBeVisible();
});
