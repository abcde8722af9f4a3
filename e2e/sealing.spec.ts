import { expect, type Page } from "@playwright/test";
import { formatMonth } from "../lib/i18n/format";
import { canonicalHash } from "../features/month-close/sealing/canonical";
import { approveMonth, control, reopenMonth, signInAndConnectPayroll, withDatabase } from "./helpers";
import { test } from "./fixtures";

// Sealing (Festschreibung, features/month-close/sealing): an approval seals the month as a version
// with its hash, shown on the company page under `Versions`; a reopened, changed and re-approved
// month gets the next version, and the page shows what changed between them. Then the database:
// the rows are there, their hashes are the canonical SHA-256 of their content.

const COMPANY = 1001;
test.use({ payrollCompany: COMPANY });

const cell = (page: Page, employee: number, column: string) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="1"] [role="gridcell"][data-col="${column}"]`,
  );

async function typeInto(page: Page, employee: number, column: string, text: string, then: "Tab" | "Enter" = "Enter") {
  await cell(page, employee, column).click();
  await page.keyboard.type(text);
  await page.keyboard.press(then);
}

const draftSaved = (page: Page) => expect(page.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 5_000 });

/** The month's versions so far (other specs may have sealed this company's month before). */
const sealedVersions = (period: string) =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{
      version: number;
      hash: string;
      content: unknown;
      sealed_at_migration: boolean;
    }>(
      `SELECT version, hash, content, sealed_at_migration FROM sealed_months WHERE company_id = $1 AND period = $2 ORDER BY version`,
      [COMPANY, period],
    );
    return rows;
  });

async function versionRow(page: Page, version: number) {
  await page.goto(`/payroll/companies/${COMPANY}`);
  const table = page.getByRole("table", { name: "Versions" });
  await expect(table).toBeVisible();
  return table.locator(`tr[data-version="${version}"]`).first();
}

test("approve seals version n with its hash; reopen, change a line, approve: version n + 1 and the change between them", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  const before = (await sealedVersions(month)).at(-1)?.version ?? 0;
  await signInAndConnectPayroll(page);

  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await typeInto(page, 1, "type", "Hourly wage", "Tab");
  await page.keyboard.type("8");
  await page.keyboard.press("Tab");
  await page.keyboard.type("15");
  await page.keyboard.press("Enter");
  await draftSaved(page);
  await approveMonth(page, "Checked for sealing");

  const first = await versionRow(page, before + 1);
  await expect(first).toContainText("Claudia");
  await expect(first).toContainText("First approval");
  const [firstRow] = (await sealedVersions(month)).slice(-1);
  expect(firstRow!.version).toBe(before + 1);
  // The hash shortened, the whole of it one click away.
  await expect(first).toContainText(firstRow!.hash.slice(0, 12));
  await first.locator("summary").click();
  await expect(first.locator("[data-hash]")).toHaveText(firstRow!.hash);

  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await reopenMonth(page, "Employee 1 worked 9 hours");
  await typeInto(page, 1, "total_hours", "9");
  await draftSaved(page);
  await approveMonth(page, "Checked again");

  const second = await versionRow(page, before + 2);
  await expect(second).toContainText("Employee 1 worked 9 hours");
  const changes = page.getByRole("region", {
    name: `Changes from version ${before + 1} to version ${before + 2} (${formatMonth("en", month)})`,
  });
  await expect(changes).toContainText("Employee 1");
  await expect(changes).toContainText("Changed: Hours, HOURLY_WAGE");
  await expect(changes).toContainText("Hours: 8 → 9");

  // The database: both versions, each hash the canonical SHA-256 of its content; the second's lines say 9 hours.
  const rows = await sealedVersions(month);
  const [v1, v2] = rows.slice(-2);
  expect([v1!.version, v2!.version]).toEqual([before + 1, before + 2]);
  for (const row of [v1!, v2!]) {
    expect(row.sealed_at_migration).toBe(false);
    expect(canonicalHash(row.content)).toBe(row.hash);
  }
  expect(v2!.hash).not.toBe(v1!.hash);
  const hours = (v2!.content as { lines: { hours: { employee_id: number; values: Record<string, string> }[] } }).lines
    .hours;
  expect(hours.find((line) => line.employee_id === 1)?.values.total_hours).toBe("9");
  // No personal text inside the sealed content: the reason is kept beside it.
  expect(JSON.stringify(v2!.content)).not.toContain("worked 9 hours");
});
