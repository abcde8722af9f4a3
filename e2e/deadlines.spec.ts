import { expect } from "@playwright/test";
import { collectConsoleErrors, signInAndConnectPayroll, withDatabase } from "./helpers";
import { test } from "./fixtures";

// Issue #26's deadlines: the public year's dates, a company's Land for deadlines (saying where it
// comes from), and the person's secret calendar feed with its reset.

const COMPANY = 1001;

async function clean() {
  await withDatabase(async (client) => {
    await client.query("DELETE FROM payroll_company_deadline_settings WHERE company_id = $1", [COMPANY]);
    await client.query("DELETE FROM payroll_company_settings WHERE company_id = $1", [COMPANY]);
  });
}

test.beforeEach(clean);
test.afterAll(clean);

test("the year's dates need no sign-in; a bad year is a 400 with a clear message", async ({ request }) => {
  const answer = await request.get("/api/deadlines?year=2025&state=NI");
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { months: Record<string, string>[] } };
  expect(data.months[9]).toEqual({
    month: "2025-10",
    contribution_statement: "2025-10-24",
    contributions_due: "2025-10-28",
    wage_tax_return: "2025-11-10",
  });
  const refused = await request.get("/api/deadlines?year=2019&state=NI");
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/2020 to 2035/);
});

test("a company's Land for deadlines says where it comes from", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await signInAndConnectPayroll(page);
  await page.goto(`/payroll/companies/${COMPANY}#deadlines`);
  const deadlines = page.getByRole("region", { name: "Deadlines" });
  await expect(deadlines.getByText("Land not set: the deadlines count national holidays only.")).toBeVisible();
  await deadlines.getByLabel("Federal state of the health insurer's seat").selectOption("NI");
  await deadlines.getByRole("button", { name: "Save deadline settings" }).click();
  await expect(deadlines.getByText("Deadlines use Lower Saxony: set for deadlines.")).toBeVisible();
  await expect(deadlines.getByRole("status")).toHaveText("Deadline settings saved.");
  // A number that is no whole number is refused at its field.
  await deadlines.getByLabel("Cut-off rule").selectOption("bank_days_before_statement");
  await deadlines.getByLabel("Bank working days before").fill("1,5");
  await deadlines.getByRole("button", { name: "Save deadline settings" }).click();
  await expect(deadlines.getByText("Enter a whole number.")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the calendar feed: read the link in /settings, fetch it, reset it and the old link is gone", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAndConnectPayroll(page);
  await page.goto("/settings");
  const field = page.getByRole("textbox", { name: "Calendar feed" });
  await expect(field).toHaveAttribute("readonly", "");
  const old = await field.inputValue();
  expect(old).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

  const feed = await page.request.get(old);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = await feed.text();
  expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(text).toContain("DTSTART;VALUE=DATE:");
  expect(text).toMatch(/SUMMARY:Contributions due /);

  await page.getByRole("button", { name: "Reset calendar link" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset the calendar link?" });
  await expect(dialog.getByText(/The old link stops working at once/)).toBeVisible();
  await dialog.getByRole("button", { name: "Reset link" }).click();
  await expect(dialog).toBeHidden();
  await expect(field).not.toHaveValue(old);
  const fresh = await field.inputValue();
  expect((await page.request.get(old)).status()).toBe(404);
  expect((await page.request.get(fresh)).status()).toBe(200);
  // Reloaded, the page shows the new link.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Calendar feed" })).toHaveValue(fresh);
});
