import { expect, type Page } from "@playwright/test";
import { formatAmount } from "../lib/i18n/format";
import { MINIJOB_PAY_CAP, valueOn } from "../features/month-close/checks/tables";
import { collectConsoleErrors, control, signInAndConnectPayroll, withDatabase, switchLanguage } from "./helpers";
import { test } from "./fixtures";

// The month-close check settings kept in the app: the company's Land, proposed from its postal
// code (Bäckerei Krüger, 50674 Köln) and confirmed by a person, its hours limit, and an
// employee's minijob cap; all still there after a reload, recorded, and shown in German.

const COMPANY = 1001;

async function clean() {
  await withDatabase(async (client) => {
    await client.query("DELETE FROM payroll_company_settings WHERE company_id = $1", [COMPANY]);
    await client.query("DELETE FROM payroll_employee_settings WHERE company_id = $1", [COMPANY]);
  });
}

test.beforeEach(clean);
test.afterAll(clean);

const employeeRow = (page: Page, id: number) =>
  page
    .getByRole("table", { name: /^(Employees|Beschäftigte)$/ })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: String(id), exact: true }) });

test("confirm the proposed Land, change the hours limit, give an employee the minijob cap; reload, audit trail, German", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const errors = collectConsoleErrors(page);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  const minijob = valueOn(MINIJOB_PAY_CAP, `${month}-01`)!;
  const year = month.slice(0, 4);
  await signInAndConnectPayroll(page);
  await page.goto(`/payroll/companies/${COMPANY}`);

  // Not confirmed yet: the proposal from the postal code is preselected and says so.
  const settings = page.getByRole("region", { name: "Check settings" });
  await expect(
    settings.getByText("Proposed from postal code 50674: North Rhine-Westphalia. Not confirmed yet"),
  ).toBeVisible();
  await expect(settings.getByLabel("Federal state (public holidays)")).toHaveValue("NW");
  const hours = settings.getByLabel("Monthly hours limit per employee");
  await expect(hours).toHaveValue("208");

  // A wrong limit is refused at the field; a right one is saved with the Land.
  await hours.fill("800");
  await settings.getByRole("button", { name: "Confirm and save" }).click();
  await expect(settings.getByText("A month has at most 744 hours.")).toBeVisible();
  await expect(hours).toHaveAttribute("aria-invalid", "true");
  await hours.fill("180,5");
  await settings.getByRole("button", { name: "Confirm and save" }).click();
  await expect(settings.getByText("Confirmed: North Rhine-Westphalia.")).toBeVisible();
  await expect(settings.getByRole("status")).toHaveText("Saved.");
  await expect(hours).toHaveValue("180.5");

  // The employee's cap: the minijob with this month's statutory amount.
  const row = employeeRow(page, 1);
  await expect(row).toContainText("Company defaults");
  await row.getByRole("button", { name: /^Edit check settings: / }).click();
  const dialog = page.getByRole("dialog", { name: /^Check settings: / });
  const minijobLabel = `Minijob (${formatAmount("en", minijob)} € in ${year})`;
  // A custom cap needs an amount: said at the field, nothing saved.
  await dialog.getByRole("radio", { name: "Another amount" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Enter a value.")).toBeVisible();
  await dialog.getByRole("radio", { name: minijobLabel }).check();
  await dialog.getByLabel("Monthly hours limit").fill("160");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`${minijobLabel} · 160 h`);

  // Kept: after a reload everything is as saved.
  await page.reload();
  await expect(settings.getByText("Confirmed: North Rhine-Westphalia.")).toBeVisible();
  await expect(settings.getByLabel("Federal state (public holidays)")).toHaveValue("NW");
  await expect(settings.getByLabel("Monthly hours limit per employee")).toHaveValue("180.5");
  await expect(employeeRow(page, 1)).toContainText(`${minijobLabel} · 160 h`);

  // Recorded, old → new.
  await page.goto("/audit");
  await expect(page.getByText("Check settings of employee 1")).toBeVisible();
  await expect(page.getByText("2 check settings of the company changed.")).toBeVisible();

  // In German: the section, the Land and the minijob's amount the German way.
  await page.goto(`/payroll/companies/${COMPANY}`);
  await switchLanguage(page, "de");
  const german = page.getByRole("region", { name: "Prüfeinstellungen" });
  await expect(german.getByText("Bestätigt: Nordrhein-Westfalen.")).toBeVisible();
  await expect(german.getByLabel("Monatliche Stundengrenze je Mitarbeiter")).toHaveValue("180,5");
  await expect(employeeRow(page, 1)).toContainText(`Minijob (${formatAmount("de", minijob)} € in ${year}) · 160 Std.`);
  expect(errors).toEqual([]);
});
