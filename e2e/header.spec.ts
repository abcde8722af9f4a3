import { expect, type Page } from "@playwright/test";
import { headerSwitcher, signInAndConnectPayroll, switchBusiness, switchLanguage } from "./helpers";
import { test } from "./fixtures";

// Issue 25, item 4: the header names where you are. From 1024 px it is one compact row whose
// switchers show the whole business (and workspace) name; the business switcher opens a list
// with type-to-search. Screenshots at 1400 px go to SHOTS_DIR when it is set.

const SHOTS_DIR = process.env.SHOTS_DIR;

async function expectWholeName(page: Page, label: string, name: string) {
  const switcher = headerSwitcher(page, label);
  await expect(switcher).toHaveText(name);
  const clipped = await switcher.evaluate((element) =>
    Array.from(element.querySelectorAll("span")).some((span) => span.scrollWidth > span.clientWidth + 0.5),
  );
  expect(clipped, `${label} shows “${name}” clipped`).toBe(false);
  const height = await page.getByRole("banner").evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(64);
}

test("the header shows the business's whole name from 1024 px and finds a business by typing, in English and German", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const person = await signInAndConnectPayroll(page);
  await page.goto("/businesses");
  const longest = [...person.businesses].sort((a, b) => b.name.length - a.name.length)[0]!;
  await switchBusiness(page, longest.name);
  await expect(headerSwitcher(page, "Business")).toHaveText(longest.name);

  for (const width of [1024, 1400, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expectWholeName(page, "Business", longest.name);
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  if (SHOTS_DIR) await page.getByRole("banner").screenshot({ path: `${SHOTS_DIR}/header-en.png` });

  // The list: every business, the current one marked; typing filters by name; Escape closes it.
  const other = person.businesses.find((business) => business.id !== longest.id)!;
  await headerSwitcher(page, "Business").click();
  const search = page.getByRole("combobox", { name: "Type to filter" });
  await expect(search).toBeFocused();
  await expect(page.getByRole("option")).toHaveCount(person.businesses.length);
  await search.fill(other.name.slice(0, 6).toUpperCase());
  await expect(page.getByRole("option", { name: other.name, exact: true })).toBeVisible();
  await search.fill("no business is called this");
  await expect(page.getByRole("option")).toHaveCount(0);
  await expect(page.getByText("No name matches.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(search).toBeHidden();
  await expect(headerSwitcher(page, "Business")).toBeFocused();

  // German: the same control under its German name, the name still whole.
  await switchLanguage(page, "de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expectWholeName(page, "Unternehmen", longest.name);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectWholeName(page, "Unternehmen", longest.name);
  await page.setViewportSize({ width: 1400, height: 900 });
  if (SHOTS_DIR) await page.getByRole("banner").screenshot({ path: `${SHOTS_DIR}/header-de.png` });

  // Keyboard only: open, arrow to the other business, Enter switches to it.
  await headerSwitcher(page, "Unternehmen").focus();
  await page.keyboard.press("ArrowDown");
  await page.getByRole("combobox", { name: "Zum Filtern tippen" }).fill(other.name);
  await page.keyboard.press("Enter");
  await expect(headerSwitcher(page, "Unternehmen")).toHaveText(other.name);
  await page.reload();
  await expect(headerSwitcher(page, "Unternehmen")).toHaveText(other.name);

  // Back as it was for the next run.
  await switchBusiness(page, longest.name, "Unternehmen");
  await expect(headerSwitcher(page, "Unternehmen")).toHaveText(longest.name);
  await switchLanguage(page, "en");
});

test("on a phone the business switcher works inside the header's menu", async ({ page }) => {
  await signInAndConnectPayroll(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/businesses");
  const menu = page.getByRole("banner").getByRole("button", { name: "Menu" });
  await menu.click();
  const switcher = headerSwitcher(page, "Business");
  await switcher.click();
  await expect(page.getByRole("option").first()).toBeVisible();
  // Escape closes the list, not the menu.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("option")).toHaveCount(0);
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(switcher).toBeVisible();
});
