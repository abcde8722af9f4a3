import { expect, type Page } from "@playwright/test";
import { signInAndConnectPayroll, headerSwitcher } from "./helpers";
import { test } from "./fixtures";

// Every main page fits a phone (390 px wide): nothing scrolls the page sideways; wide tables scroll
// inside their own labelled region. The header is one line from 1024 px and a menu on phones.

const COMPANY = 1001;
const PHONE = { width: 390, height: 844 };

/** The page's width beyond the viewport, with the elements that stick out (for the failure message). */
async function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const box = element.getBoundingClientRect();
      if (box.right <= width + 0.5 || box.width === 0) continue;
      // Only the outermost element that sticks out is named, not its children.
      const parent = element.parentElement?.getBoundingClientRect();
      if (parent && parent.right > width + 0.5) continue;
      culprits.push(
        `${element.tagName.toLowerCase()}.${String(element.getAttribute("class") ?? "").slice(0, 80)} right=${Math.round(box.right)}`,
      );
    }
    return { scrollWidth: document.documentElement.scrollWidth, culprits: culprits.slice(0, 8) };
  });
}

async function expectNoSidewaysScroll(page: Page, name: string) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const { scrollWidth, culprits } = await sidewaysOverflow(page);
  expect
    .soft(scrollWidth, `${name} scrolls sideways at 390 px: ${culprits.join(" | ")}`)
    .toBeLessThanOrEqual(PHONE.width);
}

test("no main page scrolls sideways at 390 px; wide tables scroll in their own region", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await expectNoSidewaysScroll(page, "landing");
  await page.goto("/sign-in");
  await expectNoSidewaysScroll(page, "sign-in");

  // Signed in at a desktop's width (the helper uses the header's button, in the menu on a phone).
  await page.setViewportSize({ width: 1280, height: 800 });
  const person = await signInAndConnectPayroll(page);
  await page.setViewportSize(PHONE);
  const business = person.businesses[0]!;
  const pages: [string, string][] = [
    ["overview", "/overview"],
    ["businesses", "/businesses"],
    ["a business", `/businesses/${business.id}`],
    ["user", "/user"],
    ["settings", "/settings"],
    ["connection settings", "/settings/connection"],
    ["notifications", "/notifications"],
    ["notification settings", "/settings/notifications"],
    ["payroll", "/payroll"],
    ["a company", `/payroll/companies/${COMPANY}`],
    ["import", `/payroll/companies/${COMPANY}/import`],
    ["hours grid", `/payroll/companies/${COMPANY}/hours`],
    ["payments grid", `/payroll/companies/${COMPANY}/payments`],
    ["hours history", `/payroll/companies/${COMPANY}/hours/history`],
    ["payments history", `/payroll/companies/${COMPANY}/payments/history`],
    ["reference lists", "/payroll/reference-lists"],
  ];
  for (const [name, path] of pages) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, name);
  }

  // The company's employee table is wider than a phone: it scrolls in a focusable, named region.
  await page.goto(`/payroll/companies/${COMPANY}`);
  const employees = page.getByRole("region", { name: /Employees|Beschäftigte|Mitarbeit/ });
  await expect(employees).toBeVisible();
  await expect(employees).toHaveAttribute("tabindex", "0");

  await page.goto("/trial-balance?from=2026-01-01&to=2026-03-31&compare=period");
  await expect(page.getByTestId("trial-balance-totals")).toBeVisible();
  await expectNoSidewaysScroll(page, "trial balance");
});

test("the header is one line from 1024 px and a keyboard-usable menu on phones", async ({ page }) => {
  await signInAndConnectPayroll(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto("/businesses");
  const header = page.getByRole("banner");
  await expect(headerSwitcher(page, "Business")).toBeVisible();
  await expect(header.getByLabel("Language", { exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: "Menu" })).toBeHidden();
  const height = await header.evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(64);

  await page.setViewportSize(PHONE);
  await page.goto("/businesses");
  const menu = header.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(header.getByRole("link", { name: "Trial balance" })).toBeHidden();
  const controlled = await menu.getAttribute("aria-controls");
  expect(controlled).toBeTruthy();

  // Opened with the keyboard: the links and controls are there; Escape closes and returns focus.
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator(`[id="${controlled}"]`)).toBeVisible();
  await expect(header.getByRole("link", { name: "Trial balance" })).toBeVisible();
  await expect(headerSwitcher(page, "Business")).toBeVisible();
  await expect(header.getByLabel("Language", { exact: true })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.locator(`[id="${controlled}"] :focus`)).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await expect(header.getByRole("link", { name: "Trial balance" })).toBeHidden();

  // Space opens it too, and a link followed from it closes it on the next page.
  await page.keyboard.press("Space");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await header.getByRole("link", { name: "Trial balance" }).click();
  await expect(page).toHaveURL(/\/trial-balance/);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  const { scrollWidth } = await sidewaysOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
});
