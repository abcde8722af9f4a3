import { expect, type Page } from "@playwright/test";
import { checksRegion, control, deleteEntryDrafts, signInAndConnectPayroll } from "./helpers";
import { test } from "./fixtures";

// The grid pages as a work surface: the grid on the first screen beside the open Checks panel,
// whole column names and dates, the checks folded by rule; below 1280 px the Checks are a drawer.

/** Krüger Catering: 12 employees, none with a line this month (12 "No lines" warnings). */
const COMPANY = 1002;
test.use({ payrollCompany: COMPANY });

test.afterEach(async ({ page }) => {
  await expect(page.locator('[data-draft-state="unsaved"], [data-draft-state="saving"]')).toHaveCount(0, {
    timeout: 10_000,
  });
  await deleteEntryDrafts(COMPANY);
});

const WORDS = {
  en: {
    rule: /^No lines · 11 employees$/,
    ruleName: "No lines",
    region: "Checks",
    total: "Employee total",
    type: "Hourly wage",
  },
  de: {
    rule: /^Keine Zeilen · 11 Mitarbeitende$/,
    ruleName: "Keine Zeilen",
    region: "Prüfungen",
    total: "Summe Mitarbeiter/in",
    type: "Stundenlohn",
  },
} as const;

async function openIn(page: Page, locale: "en" | "de", baseURL: string | undefined) {
  await signInAndConnectPayroll(page);
  await page.context().addCookies([{ name: "locale", value: locale, url: baseURL ?? "" }]);
}

/** What the layout promises, read from the page as it is: a list of what is wrong (empty when nothing). */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const grid = document.querySelector<HTMLElement>('[role="grid"]');
    if (!grid) return ["no grid"];
    if (window.scrollY !== 0) problems.push(`page scrolled to ${window.scrollY}`);
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push("the page scrolls sideways");
    const inView = (name: string, box: DOMRect) => {
      if (box.top < 0 || box.bottom > window.innerHeight)
        problems.push(`${name} not within the window's height (${box.top}–${box.bottom})`);
    };
    const header = grid.querySelector<HTMLElement>('[role="row"][aria-rowindex="1"]');
    const first = grid.querySelector<HTMLElement>('[role="row"][aria-rowindex="2"]');
    if (!header || !first) return [...problems, "no header row or first row"];
    inView("header row", header.getBoundingClientRect());
    inView("first row", first.getBoundingClientRect());
    const gridBox = grid.getBoundingClientRect();
    if (gridBox.left < 0 || gridBox.right > window.innerWidth) problems.push("grid wider than the window");
    // Not under the sticky header: what is at the first row's name is the first row.
    const name = first.querySelector('[role="rowheader"]')!.getBoundingClientRect();
    const hit = document.elementFromPoint(name.left + name.width / 2, name.top + name.height / 2);
    if (hit?.closest('[role="row"]') !== first)
      problems.push(`at the first row's centre: ${hit?.outerHTML.slice(0, 80)}`);
    // Nothing cut: each column name and date whole (and the names within the header row's height).
    for (const cell of grid.querySelectorAll<HTMLElement>(
      '[role="columnheader"], [role="gridcell"][data-col="date"]',
    )) {
      if (cell.scrollWidth > cell.clientWidth)
        problems.push(`cut sideways: ${cell.textContent} (${cell.scrollWidth} > ${cell.clientWidth})`);
      if (cell.role === "columnheader" && cell.scrollHeight > cell.clientHeight)
        problems.push(`cut below: ${cell.textContent}`);
    }
    return problems;
  });
}

for (const locale of ["en", "de"] as const) {
  test(`(${locale}) at 1400×900 and 1920×1080 the hours and payments grids start on the first screen beside the open Checks, nothing cut, rules folded with counts`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const words = WORDS[locale];
    const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
    const [year, monthNumber] = month.split("-");
    await openIn(page, locale, baseURL);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`/payroll/companies/${COMPANY}/hours`);
    const grid = page.getByRole("grid");
    await expect(grid).toBeVisible();
    // One employee's line typed, with a date (a day of the month), shown in full; the other 11 have no line.
    const cellOf = (employee: number, column: string) =>
      grid.locator(`[role="row"][data-employee="${employee}"] [role="gridcell"][data-col="${column}"]`);
    const dateCell = (employee: number) => cellOf(employee, "date");
    await cellOf(101, "type").click();
    for (const typed of [words.type, "8", "14", "", "26"]) {
      if (typed) await page.keyboard.type(typed);
      await page.keyboard.press("Tab");
    }
    const shown = locale === "de" ? `26.${monthNumber}.${year}` : `26/${monthNumber}/${year}`;
    await expect(dateCell(101)).toHaveText(shown);
    await expect(page.locator('[data-draft-state="saved"]')).toBeVisible();

    for (const size of [
      { width: 1400, height: 900 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size);
      for (const kind of ["hours", "payments"] as const) {
        await page.goto(`/payroll/companies/${COMPANY}/${kind}`);
        await expect(page.getByRole("grid")).toBeVisible();
        const region = await checksRegion(page);
        await expect(region).toBeVisible();
        await expect(page.getByRole("region", { name: words.region, exact: true })).toBeVisible();
        await expect(page.getByRole("columnheader", { name: words.total })).toBeVisible();
        if (kind === "hours") await expect(dateCell(101)).toHaveText(shown);
        // The checks folded by rule, one line with its count, unfolded on demand.
        const noLines = region.getByRole("button", { name: words.rule });
        await expect(noLines).toHaveAttribute("aria-expanded", "false");
        await expect(region.getByRole("listitem").filter({ hasText: words.ruleName })).toHaveCount(0);
        await expect.poll(() => layoutProblems(page)).toEqual([]);
        if (size.width === 1400 && kind === "hours" && process.env.GRID_SHOTS)
          await page.screenshot({ path: `${process.env.GRID_SHOTS}/grid-after-${locale}.png` });
        await noLines.click();
        await expect(noLines).toHaveAttribute("aria-expanded", "true");
        await expect(region.getByRole("listitem").filter({ hasText: words.ruleName })).toHaveCount(11);
        // Unfolding moves nothing of the grid.
        expect(await layoutProblems(page)).toEqual([]);
      }
    }
  });
}

test("at 1,024 px the Checks are a drawer, opened and closed by the month bar's button; a finding's jump closes it on its cell", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await openIn(page, "en", baseURL);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  const grid = page.getByRole("grid");
  await expect(grid).toBeVisible();
  // A rate below the minimum wage: a warning with a way to its cell.
  await grid.locator('[role="row"][data-employee="101"] [role="gridcell"][data-col="type"]').click();
  for (const typed of ["Hourly wage", "8", "10"]) {
    await page.keyboard.type(typed);
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Control+End");
  const toggle = page.getByRole("button", { name: /^Checks/ });
  const region = page.getByRole("region", { name: "Checks", exact: true });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(region).toBeHidden();
  await expect(toggle).toContainText("0 blockers, 12 open warnings");
  await toggle.click();
  await expect(region).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  // Escape closes it and gives focus back to the button; Enter there opens it again.
  await page.keyboard.press("Escape");
  await expect(region).toBeHidden();
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(region).toBeVisible();
  await expect(region.getByRole("button", { name: "No lines · 11 employees" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  await region.getByRole("button", { name: /^Go to cell: / }).click();
  await expect(region).toBeHidden();
  const active = await grid.getAttribute("aria-activedescendant");
  expect(
    await page
      .locator(`[id="${active}"]`)
      .evaluate((cell) => cell.closest('[role="row"]')?.getAttribute("data-employee")),
  ).toBe("101");
  await expect(grid).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
});
