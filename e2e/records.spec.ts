import { expect, type Page } from "@playwright/test";
import { APP_URL } from "../playwright.config";
import { control, signInAndConnectPayroll, switchLanguage, withDatabase } from "./helpers";
import { test } from "./fixtures";

// Issue #38 §3–§4: a grid page view shows up in the owner's "Views and exports" on /audit with the
// company, month and number of employees, a person who is not an owner does not see it; and
// /settings/records shows `Retention`, where an owner lengthens a period and a period below the
// law is refused on its field, in English and in German.

const COMPANY = 1001;

test.use({ payrollCompany: COMPANY });

/** The access log's buffered views written now (the test control; the app writes within a second anyway). */
async function flushAccessLog(page: Page) {
  const answer = await page.request.post(`${APP_URL}/api/test/access-log`, { data: { flush: true } });
  expect(answer.status()).toBe(200);
}

/** The signed-in person's roles in their active workspace, set directly (the session follows by NOTIFY). */
async function setRoles(accountingUserId: string, roles: string[]) {
  await withDatabase((client) =>
    client.query(
      `UPDATE workspace_members m SET roles = $1::"WorkspaceRole"[] FROM users u
       WHERE u.accounting_user_id = $2 AND m.user_id = u.id
         AND m.workspace_id = COALESCE(u.active_workspace_id, (SELECT p.id FROM workspaces p WHERE p.personal_user_id = u.id))`,
      [roles, accountingUserId],
    ),
  );
}

test("a grid page view is in the owner's Views and exports with its company, month and count; others do not see it", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const person = await signInAndConnectPayroll(page);
  const staff = await control<{ id: number }[]>("GET", `/payroll/companies/${COMPANY}/employees`);
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(page.getByRole("grid", { name: "Hours of Bäckerei Krüger GmbH" })).toBeVisible();
  const month = (await page
    .getByText(/^Payroll month /)
    .first()
    .textContent())!
    .replace("Payroll month ", "")
    .trim();
  await flushAccessLog(page);

  await page.goto("/audit");
  await page.getByRole("link", { name: "Views and exports" }).click();
  await expect(page).toHaveURL(/\/audit\?view=access$/);
  await page.getByLabel("Company").selectOption({ label: `Bäckerei Krüger GmbH (${COMPANY})` });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`company=${COMPANY}`));
  const table = page.getByRole("table", { name: "Views and exports" });
  const newest = table.getByRole("row").nth(1);
  await expect(newest).toContainText("Viewed the hours");
  await expect(newest).toContainText(`Bäckerei Krüger GmbH (${COMPANY})`);
  await expect(newest).toContainText(month);
  await expect(newest).toContainText(`${staff.length} employees`);
  await expect(newest).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d CES?T/);

  // German: dates and the month in German.
  await switchLanguage(page, "de");
  await page.goto(`/audit?view=access&company=${COMPANY}`);
  const german = page.getByRole("table", { name: "Ansichten und Exporte" }).getByRole("row").nth(1);
  await expect(german).toContainText("Stunden angesehen");
  await expect(german).toContainText(/\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d MES?Z/);
  await expect(german).toContainText(`${staff.length} Beschäftigte`);
  await switchLanguage(page, "en");

  // A clerk and approver is not an owner: no such section, and its URL shows the changes instead.
  try {
    await setRoles(person.id, ["clerk", "approver"]);
    await expect(async () => {
      await page.goto("/audit?view=access");
      await expect(page.getByRole("link", { name: "Views and exports" })).toHaveCount(0);
    }).toPass({ timeout: 10_000 });
    await expect(page.getByRole("table", { name: "Views and exports" })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Audit entries" }).or(page.getByText("No entries"))).toBeVisible();
  } finally {
    await setRoles(person.id, ["owner"]);
  }
});

test("/settings/records shows Retention; an owner lengthens a period, below the law is refused on its field", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const person = await signInAndConnectPayroll(page);
  // The law's periods again, whatever an earlier run saved.
  await withDatabase((client) => client.query("DELETE FROM retention_settings"));
  await page.goto("/settings");
  await page.getByRole("link", { name: "Records and retention" }).click();
  await expect(page).toHaveURL(/\/settings\/records$/);
  const table = page.getByRole("table", { name: "Retention" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("row", { name: /Wage account data/ })).toContainText("§ 41 (1) EStG");
  await expect(table.getByRole("row", { name: /Wage account data/ })).toContainText(
    "To the end of the 6th calendar year after the last entry",
  );
  await expect(table.getByRole("row", { name: /Access log/ })).toContainText("As long as the audit trail");

  const wage = page.getByLabel("Wage account data: years");
  await wage.fill("9");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Retention saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Wage account data: years")).toHaveValue("9");
  await expect(table.getByRole("row", { name: /Wage account data/ })).toContainText("9th calendar year");

  const vouchers = page.getByLabel("Booking vouchers: years");
  await vouchers.fill("5");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(vouchers).toHaveAttribute("aria-invalid", "true");
  await expect(vouchers).toHaveAccessibleDescription(/The law requires at least 8 years\./);

  // The server refuses it too, on the same field, whatever the form does.
  const workspaceId = await withDatabase(
    async (client) =>
      (
        await client.query<{ id: string }>(
          // The active workspace; unset, the personal one (which a first sign-in opens in).
          `SELECT COALESCE(u.active_workspace_id, (SELECT p.id FROM workspaces p WHERE p.personal_user_id = u.id)) AS id
             FROM users u WHERE u.accounting_user_id = $1`,
          [person.id],
        )
      ).rows[0]!.id,
  );
  const refused = await page.request.put(`${APP_URL}/api/workspaces/${workspaceId}/records/retention`, {
    data: { years: { wage_account: 6, social_insurance_audit: 1, booking_vouchers: 5, books_and_audit_trail: 10 } },
    headers: { origin: APP_URL },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error.fields).toEqual({ "years.booking_vouchers": "belowLaw" });

  // German.
  await switchLanguage(page, "de");
  await page.goto("/settings/records");
  const tabelle = page.getByRole("table", { name: "Aufbewahrung" });
  await expect(tabelle.getByRole("row", { name: /Lohnkontodaten/ })).toContainText(
    "Bis zum Ende des 9. Kalenderjahres, das auf die letzte Eintragung folgt",
  );
  const belege = page.getByLabel("Buchungsbelege: Jahre");
  await belege.fill("7");
  await page.getByRole("button", { name: "Aufbewahrung speichern" }).click();
  await expect(belege).toHaveAccessibleDescription(/Gesetzlich sind mindestens 8 Jahre vorgeschrieben\./);
  await belege.fill("12");
  await page.getByRole("button", { name: "Aufbewahrung speichern" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Aufbewahrung gespeichert." })).toBeVisible();
  await switchLanguage(page, "en");
});
