import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { headerSwitcher, signInAndConnectPayroll, switchLanguage, switcherChoices } from "./helpers";
import { test } from "./fixtures";

// Every main page, in English and in German, has no serious or critical accessibility problem
// (axe-core's WCAG 2.1 A and AA rules), with the page's data on it.

const COMPANY = 1001;
const LANGUAGES = [
  { locale: "en", h1OfLanding: "The workbench for payroll clerks and accountants", business: "Business" },
  { locale: "de", h1OfLanding: "Die Werkbank für Lohnbuchhaltung und Buchhaltung", business: "Unternehmen" },
] as const;

interface Finding {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function audit(page: Page, name: string, findings: Finding[]) {
  // The page's own content is there (not a loading shell) before it is checked.
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // Next streams the <title> with the page's metadata, and a language switch renders the page
  // again: wait for it to arrive (a page without one still fails here, or in axe's document-title).
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  for (const violation of results.violations) {
    if (violation.impact !== "serious" && violation.impact !== "critical") continue;
    findings.push({
      page: name,
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    });
  }
}

for (const { locale, h1OfLanding, business: businessLabel } of LANGUAGES) {
  test(`every main page has no serious or critical accessibility problem (${locale})`, async ({ page }) => {
    test.setTimeout(240_000);
    const findings: Finding[] = [];

    // Signed out: the landing page (where the language is chosen) and the sign-in page.
    await page.goto("/");
    await switchLanguage(page, locale);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1OfLanding);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await audit(page, "landing", findings);
    await page.goto("/sign-in");
    await audit(page, "sign-in", findings);

    const person = await signInAndConnectPayroll(page);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const business = person.businesses[0]!;
    const pages: [string, string][] = [
      ["overview", "/overview"],
      ["businesses", "/businesses"],
      ["a business", `/businesses/${business.id}`],
      ["user", "/user"],
      ["settings", "/settings"],
      ["connection settings", "/settings/connection"],
      ["workspace settings", "/settings/workspace"],
      ["audit trail", "/audit"],
      ["notifications", "/notifications"],
      ["notification settings", "/settings/notifications"],
      ["a bad invitation link", "/invitations/not-a-link"],
      ["payroll", "/payroll"],
      ["a company", `/payroll/companies/${COMPANY}`],
      ["onboard", `/payroll/companies/${COMPANY}/onboard`],
      ["import", `/payroll/companies/${COMPANY}/import`],
      ["hours grid", `/payroll/companies/${COMPANY}/hours`],
      ["payments grid", `/payroll/companies/${COMPANY}/payments`],
      ["hours history", `/payroll/companies/${COMPANY}/hours/history`],
      ["payments history", `/payroll/companies/${COMPANY}/payments/history`],
      ["reference lists", "/payroll/reference-lists"],
    ];
    for (const [name, path] of pages) {
      await page.goto(path);
      await audit(page, name, findings);
    }

    // The workspace settings with a new invitation link on them.
    await page.goto("/settings/workspace");
    await page.getByRole("button", { name: /^(Create invitation|Einladung erstellen)$/ }).click();
    await expect(page.getByLabel(/^(Invitation link|Einladungslink)$/)).toBeVisible();
    await audit(page, "workspace settings with an invitation link", findings);
    await page.goto(new URL(await page.getByLabel(/^(Invitation link|Einladungslink)$/).inputValue()).pathname);
    await audit(page, "an invitation opened by a member", findings);

    // The trial balance with its figures (rows and totals), not an empty state.
    await page.goto("/trial-balance?from=2026-01-01&to=2026-03-31");
    await expect(page.getByTestId("trial-balance-totals")).toBeVisible();
    await audit(page, "trial balance", findings);
    // Compared with the period before: the comparison's columns (variance, %) are read too.
    await page.goto("/trial-balance?from=2026-01-01&to=2026-03-31&compare=period");
    await expect(page.getByTestId("trial-balance-totals").locator('[data-column="variance"]')).toBeVisible();
    await audit(page, "trial balance compared", findings);

    // The header with its business switcher open (the list, its search field and options).
    await page.goto("/businesses");
    await headerSwitcher(page, businessLabel).click();
    await expect(switcherChoices(page).first()).toBeVisible();
    await audit(page, "header with the business switcher open", findings);

    expect(findings).toEqual([]);
  });
}
