import { readFile } from "node:fs/promises";
import { expect, type Download, type Page } from "@playwright/test";
import { control, sendMonthThroughClose, signInAndConnectPayroll } from "./helpers";
import { test } from "./fixtures";

// The audit trail: a person changes a draft in the hours grid and creates an invitation; /audit
// lists both (old → new), its filters narrow them, the German page shows German dates, and the
// CSV export in either language contains them.

const COMPANY = 1001;

const cell = (page: Page, employee: number, column: string) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="1"] [role="gridcell"][data-col="${column}"]`,
  );

async function draftSaved(page: Page) {
  await expect(page.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 5_000 });
}

async function csvOf(download: Download): Promise<string> {
  return readFile((await download.path())!, "utf8");
}

test.use({ payrollCompany: COMPANY });

test("a draft change and an invitation are in the audit trail, filtered, in German, and in the CSV export", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signInAndConnectPayroll(page);
  // Employee 1's name as the payroll service has it: the audit names employees beside their numbers.
  const staff = await control<{ id: number; first_name: string; last_name: string }[]>(
    "GET",
    `/payroll/companies/${COMPANY}/employees`,
  );
  const one = staff.find((employee) => employee.id === 1)!;
  const name = `${one.first_name} ${one.last_name}`;

  // Hours of employee 1: 8 at 67.40, then corrected to 7.5 (a later save, recorded as 8 → 7.5): 505.50 €.
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(page.getByRole("grid", { name: "Hours of Bäckerei Krüger GmbH" })).toBeVisible();
  await cell(page, 1, "type").click();
  await page.keyboard.type("Hourly wage");
  await page.keyboard.press("Tab");
  await page.keyboard.type("8");
  await page.keyboard.press("Tab");
  await page.keyboard.type("67.4");
  await page.keyboard.press("Enter");
  await draftSaved(page);
  await cell(page, 1, "total_hours").click();
  await page.keyboard.type("7.5");
  await page.keyboard.press("Enter");
  await expect(cell(page, 1, "total_hours")).toHaveText("7.5");
  await draftSaved(page);
  // Sent through the month close: the transfer's total is in the trail.
  await sendMonthThroughClose(page);

  // An invitation link.
  await page.goto("/settings/workspace");
  await page.getByRole("button", { name: "Create invitation" }).click();
  await expect(page.getByLabel("Invitation link")).toHaveAttribute("readonly", "");

  // The audit page, reached from the settings.
  await page.goto("/settings");
  await page.getByRole("link", { name: /Audit trail/ }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit trail");
  const entries = page.getByRole("list", { name: "Audit entries" }).locator(":scope > li");
  const draftEntry = entries.filter({ hasText: "Draft changed" }).filter({ hasText: "Hours: 8 → 7.5" }).first();
  await expect(draftEntry).toBeVisible();
  await expect(draftEntry).toContainText(`Employee 1 ${name}`);
  await expect(draftEntry).toContainText("Bäckerei Krüger GmbH (1001)");
  // To the second, with the zone (German time).
  await expect(draftEntry).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d CES?T/);
  // The transfer's total in euros, and its month steps without an alarm.
  await expect(entries.filter({ hasText: "Hours: 1 line, total 505.50, sent." }).first()).toBeVisible();
  await expect(entries.filter({ hasText: "Transfer started:" }).first()).toContainText(
    "Transfer started: Approved → Transferring (round",
  );
  await expect(entries.filter({ hasText: "Transfer answered:" }).first()).toContainText(
    "Transfer answered: Transferring → Transferred (round",
  );
  const invitationEntry = entries.filter({ hasText: "Invitation created" }).first();
  await expect(invitationEntry).toBeVisible();

  // Filters: the kind of change, then the company.
  await page.getByLabel("Kind of change").selectOption({ label: "Draft changed" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/kind=draft.saved/);
  await expect(entries.filter({ hasText: "Hours: 8 → 7.5" }).first()).toBeVisible();
  await expect(entries.filter({ hasText: "Invitation created" })).toHaveCount(0);
  await page.getByLabel("Kind of change").selectOption({ label: "Invitation created" });
  await page.getByLabel("Company").selectOption({ label: "Bäckerei Krüger GmbH (1001)" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No entries match.")).toBeVisible();
  await page.getByLabel("Company").selectOption({ label: "All" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(entries.first()).toContainText("Invitation created");
  await expect(entries.filter({ hasText: "Draft changed" })).toHaveCount(0);

  // The CSV export honours the filters; without them it holds both.
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/audit$/);
  const [english] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const englishCsv = await csvOf(english);
  expect(
    englishCsv.startsWith("\uFEFFWhen,Who,Change,Company,Payroll month,Details,Line,Field,Old value,New value\r\n"),
  ).toBe(true);
  expect(englishCsv).toMatch(
    new RegExp(
      `\\r\\n\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d:\\d\\d CES?T,[^,]+,Draft changed,Bäckerei Krüger GmbH \\(1001\\),\\d{4}-\\d\\d,Hours: 1 line changed\\.,Employee 1 ${name},Hours,8,7\\.5\\r\\n`,
    ),
  );
  expect(englishCsv).toContain("Invitation created");
  expect(englishCsv).toContain('"Hours: 1 line, total 505.50, sent. Outcome: ');

  // At 390 px the page reads without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  // In German: German dates, labels and numbers; the CSV is `;`-separated with decimal commas.
  await context.addCookies([{ name: "locale", value: "de", url: page.url() }]);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Änderungsprotokoll");
  const germanDraft = page
    .getByRole("list", { name: "Protokolleinträge" })
    .locator(":scope > li")
    .filter({ hasText: "Stunden: 8 → 7,5" })
    .first();
  await expect(germanDraft).toContainText("Entwurf geändert");
  await expect(germanDraft).toContainText(/\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d MES?Z/);
  await expect(germanDraft).toContainText(`Mitarbeiter 1 ${name}`);
  await expect(
    page.getByRole("list", { name: "Protokolleinträge" }).getByText("Einladung erstellt").first(),
  ).toBeVisible();
  const [german] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "CSV exportieren" }).click(),
  ]);
  const germanCsv = await csvOf(german);
  expect(
    germanCsv.startsWith(
      "\uFEFFWann;Wer;Änderung;Firma;Abrechnungsmonat;Einzelheiten;Zeile;Feld;Alter Wert;Neuer Wert\r\n",
    ),
  ).toBe(true);
  expect(germanCsv).toMatch(
    new RegExp(
      `\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d:\\d\\d MES?Z;[^;]+;Entwurf geändert;Bäckerei Krüger GmbH \\(1001\\);\\d{4}-\\d\\d;Stunden: 1 Zeile geändert\\.;Mitarbeiter 1 ${name};Stunden;8;7,5\\r\\n`,
    ),
  );
  expect(germanCsv).toContain("Einladung erstellt");
  expect(germanCsv).toContain(";Stunden: 1 Zeile, Summe 505,50, übertragen. Ergebnis: ");
});
