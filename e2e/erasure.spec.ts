import { expect } from "@playwright/test";
import { signInAndConnectPayroll, withDatabase } from "./helpers";
import { test } from "./fixtures";

// Issue #38 §3: an owner records an employee's erasure request from the company's employee list;
// the dialog says what happens and that the payroll service's copy must be erased there; the
// employee then leaves the list and is marked in the company's `Erasure requests` table.
// (The erasure itself, past the retention, is tested against Postgres: features/records/erasure.)

const COMPANY = 1001;

async function clean() {
  await withDatabase((client) => client.query("DELETE FROM erasure_requests WHERE company_id = $1", [COMPANY]));
}

test.beforeEach(clean);
test.afterAll(clean);

test("an owner records an erasure request; the employee leaves the list, marked Restricted", async ({ page }) => {
  await signInAndConnectPayroll(page);
  await page.goto(`/payroll/companies/${COMPANY}`);
  const employees = page.getByRole("table", { name: "Employees" });
  const row = employees.getByRole("row").nth(1);
  const name = (await row.getByRole("cell").nth(1).textContent())!.trim();
  await row.getByRole("button", { name: "Record an erasure request" }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("hidden from the employee list");
  await expect(dialog).toContainText("The payroll service keeps its own copy");
  await dialog.getByRole("button", { name: "Record the erasure request" }).click();
  await expect(dialog).toHaveCount(0);

  const requests = page.getByRole("table", { name: "Employees restricted or erased after an erasure request" });
  await expect(requests).toContainText(/Restricted \(erasure requested on \d\d\/\d\d\/\d{4}\)/);
  await expect(employees.getByRole("cell", { name, exact: true })).toHaveCount(0);
});
