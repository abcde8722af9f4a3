import { expect, type Page } from "@playwright/test";
import { signInAndConnectPayroll, switchLanguage } from "./helpers";
import { test } from "./fixtures";

// The overview at a laptop's 1400 px: the table uses the window's width, every row's company and
// next date (with "Overdue by …") are in view without scrolling sideways, the rest wraps.

test.use({ viewport: { width: 1400, height: 900 }, ownWorkspacesOnly: ["claudia"] });

/**
 * Krüger Catering GmbH & Co. KG: its payroll month is a month behind (the sandbox's seed), so its
 * statement is overdue; Bäckerei Krüger GmbH (1001) is in the current month, with a next date.
 */
const OVERDUE_COMPANY = 1002;

test("at 1400 × 900 the company, the next date and Overdue by are within the window; nothing scrolls sideways", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndConnectPayroll(page);
  await page.goto("/overview");
  const table = page.getByRole("table", { name: "Clients" });
  for (const header of ["Month status", "Contribution statement", "Contributions due", "Wage tax return", "Cut-off"])
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  await expect(
    table.locator(`tr[data-company="${OVERDUE_COMPANY}"]`).getByText(/^Overdue by \d+ days?$/),
  ).toBeVisible();
  await expect(table.locator('tr[data-company="1001"] [data-col="next"] time')).toBeVisible();

  expect(await layoutProblems(page)).toEqual([]);

  // German's longer column names wrap too.
  await switchLanguage(page, "de");
  const tabelle = page.getByRole("table", { name: "Mandanten" });
  await expect(tabelle.getByRole("columnheader", { name: "Lohnsteuer-Anmeldung", exact: true })).toBeVisible();
  await expect(
    tabelle.locator(`tr[data-company="${OVERDUE_COMPANY}"]`).getByText(/^\d+ Tage? überfällig$/),
  ).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
});

/** What the layout promises, read from the page as it is: a list of what is wrong (empty when nothing). */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const scrolls = (element: Element) => element.scrollWidth > element.clientWidth + 1;
    if (scrolls(document.documentElement)) found.push("the page scrolls sideways");
    // Anything of a real size that scrolls sideways (visually hidden texts are 1 px and clip on purpose).
    for (const element of document.querySelectorAll("main *"))
      if (
        scrolls(element) &&
        getComputedStyle(element).overflowX !== "visible" &&
        element.getBoundingClientRect().width > 2
      )
        found.push(
          `scrolls sideways inside (${element.scrollWidth} > ${element.clientWidth} px): ${element.outerHTML.slice(0, 80)}`,
        );
    const table = document.querySelector<HTMLElement>('table[role="table"]')!;
    const width = table.getBoundingClientRect().width;
    if (width < window.innerWidth - 120)
      found.push(`the table is ${width} px wide in a ${window.innerWidth} px window`);
    /** In the window and really seen there: what is at its first line's centre is it (not covered, not clipped). */
    const seen = (name: string, element: Element | null) => {
      if (!element) return found.push(`no ${name}`);
      const box = element.getClientRects()[0] ?? element.getBoundingClientRect();
      if (box.left < 0 || box.right > window.innerWidth || box.top < 0 || box.bottom > window.innerHeight)
        return found.push(
          `${name} outside the window (${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)})`,
        );
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !(element === hit || element.contains(hit)))
        found.push(`${name} is covered or clipped (${hit?.outerHTML.slice(0, 60)})`);
    };
    for (const row of document.querySelectorAll<HTMLElement>("tr[data-company]")) {
      const company = row.dataset.company;
      seen(`company ${company}`, row.querySelector('[role="rowheader"] a'));
      seen(`next date of ${company}`, row.querySelector('[data-col="next"] > div > *'));
      if (row.dataset.overdue) seen(`Overdue by of ${company}`, row.querySelector('[data-col="next"] strong'));
    }
    return found;
  });
}
