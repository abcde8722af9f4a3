import { expect, type Page } from "@playwright/test";
import {
  authorizeAtService,
  fixtureUser,
  headerSwitcher,
  signInAndConnectPayroll,
  switchBusiness,
  switchLanguage,
  switcherChoices,
  LANDING_URL,
} from "./helpers";
import { test } from "./fixtures";

// Issue 25, item 4: the header names where you are. From 1024 px it is one compact row whose
// switchers show the whole business (and workspace) name; the business switcher opens a list
// with type-to-search. Screenshots at 1400 px go to SHOTS_DIR when it is set.

const SHOTS_DIR = process.env.SHOTS_DIR;

async function expectWholeName(page: Page, label: string, name: string) {
  const switcher = headerSwitcher(page, label);
  await expect(switcher).toHaveText(name);
  // The name's box is as wide as its text (whole pixels, up to one of rounding), and the header is one row.
  const [textWidth, boxWidth] = await switcher
    .locator("span")
    .evaluate((span) => [span.scrollWidth, span.getBoundingClientRect().width]);
  expect(textWidth, `${label} shows “${name}” clipped`).toBeLessThanOrEqual(Math.ceil(boxWidth) + 1);
  const height = await page.getByRole("banner").evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(64);
}

test("the header shows the business's whole name from 1024 px and finds a business by typing, in English and German", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  // Dara reaches three businesses, one with a long name ("Byrne & Hartley Design Ltd").
  const person = await fixtureUser("dara");
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await authorizeAtService(page, person, { country: "Ireland" });
  await expect(page).toHaveURL(LANDING_URL);
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
  await expect(switcherChoices(page)).toHaveCount(person.businesses.length);
  // Any part of the name, in any case.
  await search.fill(other.name.slice(-7).toUpperCase());
  await expect(switcherChoices(page, other.name)).toBeVisible();
  await search.fill("no business is called this");
  await expect(switcherChoices(page)).toHaveCount(0);
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
  // The whole row fits with every link, the firm's overview among them.
  await expect(
    page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Übersicht" }),
  ).toBeVisible();
  await page.setViewportSize({ width: 1400, height: 900 });
  if (SHOTS_DIR) {
    // Without the focus ring Escape left on the switcher.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.getByRole("banner").screenshot({ path: `${SHOTS_DIR}/header-de.png` });
  }

  // Keyboard only: open, arrow to the other business, Enter switches to it.
  await headerSwitcher(page, "Unternehmen").focus();
  await page.keyboard.press("ArrowDown");
  await page.getByRole("combobox", { name: "Zum Filtern tippen" }).fill(other.name);
  await page.keyboard.press("Enter");
  await expect(headerSwitcher(page, "Unternehmen")).toHaveText(other.name);
  // The switcher shows the choice at once and is disabled until it is saved: a reload before that would lose it.
  await expect(headerSwitcher(page, "Unternehmen")).toBeEnabled();
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
  await expect(switcherChoices(page).first()).toBeVisible();
  // Escape closes the list, not the menu.
  await page.keyboard.press("Escape");
  await expect(switcherChoices(page)).toHaveCount(0);
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(switcher).toBeVisible();
});
