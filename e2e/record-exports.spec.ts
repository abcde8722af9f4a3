import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { signInAndConnectPayroll } from "./helpers";
import { test } from "./fixtures";

// Issue #38 §5 through the browser: on /settings/records `Export for a tax audit` hands out a ZIP
// and `Procedure documentation` a PDF; on the company page an employee's `Export personal data` a
// ZIP. The files' contents are the integration tests' (features/record-exports); here, that the
// buttons work end to end for an owner.

const COMPANY = 1001;

test.use({ payrollCompany: COMPANY });

test("an owner exports for a tax audit, the procedure documentation and an employee's personal data", async ({
  page,
}) => {
  await signInAndConnectPayroll(page);
  const saved = async (click: () => Promise<void>) => {
    const [download] = await Promise.all([page.waitForEvent("download"), click()]);
    return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
  };

  await page.goto("/settings/records");
  await page.getByLabel("Company", { exact: true }).selectOption({ label: `Bäckerei Krüger GmbH (${COMPANY})` });
  await page.getByLabel("From month").fill("2026-01");
  await page.getByLabel("To month").fill("2025-12");
  await page.getByRole("button", { name: "Export for a tax audit" }).click();
  await expect(page.getByText("The last month cannot be before the first.")).toBeVisible();
  await page.getByLabel("To month").fill("2026-02");
  const zip = await saved(() => page.getByRole("button", { name: "Export for a tax audit" }).click());
  expect(zip.name).toBe(`z3-${COMPANY}-2026-01-2026-02.zip`);
  expect(zip.bytes.subarray(0, 2).toString()).toBe("PK");

  const pdf = await saved(() => page.getByRole("button", { name: "Procedure documentation" }).click());
  expect(pdf.name).toMatch(/^procedure-documentation-.*\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");

  await page.goto(`/payroll/companies/${COMPANY}`);
  const row = page.getByRole("table", { name: "Employees" }).getByRole("row").nth(1);
  const personal = await saved(() => row.getByRole("button", { name: "Export personal data" }).click());
  expect(personal.name).toMatch(new RegExp(`^personal-data-${COMPANY}-\\d+-.*\\.zip$`));
  expect(personal.bytes.subarray(0, 2).toString()).toBe("PK");
});
