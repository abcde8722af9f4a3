import { expect } from "@playwright/test";
import { checksRegion, collectConsoleErrors, withDatabase, signInAndConnectThomas } from "./helpers";
import { test } from "./fixtures";

// Issue 17, the large company: 1,000 employees and a clerk who enters lines for a few of them get a
// "no lines" warning for everyone else. They are one decision: one button acknowledges all of the
// rule's warnings (the region lists only the first 100) with one comment, in one step; each is
// recorded on its own (the month's acknowledgements, one audit entry per employee). Dara (in her
// own workspace) with Thomas Albrecht's key, whose company 2001 is the large one.

const COMPANY = 2001;
const DARA = "dara.byrne@example.ie";
const DARAS_CONNECTIONS =
  "SELECT 1 FROM payroll_connections WHERE workspace_id IN (SELECT w.id FROM workspaces w JOIN users u ON u.id = w.personal_user_id WHERE u.email = $1)";

test.use({ payrollCompany: COMPANY, ownWorkspacesOnly: ["dara"] });

const clean = () => withDatabase((client) => client.query(DARAS_CONNECTIONS.replace("SELECT 1", "DELETE"), [DARA]));

test.beforeEach(clean);
test.afterAll(clean);

test("a large company's 'no lines' warnings are acknowledged by rule in one step, also those not listed", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await signInAndConnectThomas(page);

  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  const region = await checksRegion(page);
  const status = region.getByRole("status");
  // No line at all this month: every employee has a "no lines" warning, only 100 are listed.
  await expect(status).toHaveAttribute("data-unacknowledged", "1000");
  // Folded to one line with its count; unfolded, the first 100 are listed.
  const noLines = region.getByRole("button", { name: "No lines · 1,000 employees" });
  await expect(noLines).toHaveAttribute("aria-expanded", "false");
  await expect(region.locator('[data-severity="warning"]')).toHaveCount(0);
  await noLines.click();
  await expect(noLines).toHaveAttribute("aria-expanded", "true");
  await expect(region.locator('[data-severity="warning"]')).toHaveCount(100);
  await expect(
    region.getByText("900 more not listed: acknowledge them by rule above, or fix the ones above first."),
  ).toBeVisible();

  const byRule = region.getByRole("group", { name: "Acknowledge by rule" });
  await byRule.getByRole("button", { name: "Acknowledge all 1,000 warnings: No lines" }).click();
  const dialog = page.getByRole("dialog", { name: "Acknowledge 1,000 warnings" });
  await expect(dialog).toContainText(
    "One comment for all 1,000 open warnings of the rule “No lines”, listed here or not.",
  );
  // The comment is required, for all of them as for one.
  await dialog.getByRole("button", { name: "Acknowledge 1,000 warnings" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Write a comment.");
  await dialog.getByLabel("Comment (why this is right)").fill("Lines come with next month's import");
  await dialog.getByRole("button", { name: "Acknowledge 1,000 warnings" }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });

  // Done in one step: no warning left to acknowledge, the rule's button gone, and keyboard focus on the status line that says so.
  await expect(status).toHaveAttribute("data-unacknowledged", "0");
  await expect(status).toBeFocused();
  await expect(status).toContainText("1,000 warnings (all acknowledged)");
  await expect(byRule).toHaveCount(0);
  await expect(region.getByRole("button", { name: /^Acknowledge warning: / })).toHaveCount(0);
  await expect(region.locator('[data-severity="warning"]').first()).toContainText(
    /Acknowledged by Dara .*“Lines come with next month's import”/,
  );

  // Stored: one acknowledgement and one audit entry per employee, also for those not listed; a reload shows them all acknowledged.
  const counts = await withDatabase(async (client) => {
    const acknowledgements = await client.query<{ count: string }>(
      "SELECT count(*) FROM month_close_acknowledgements a JOIN month_closes m ON m.id = a.month_close_id WHERE m.company_id = $1 AND a.warning_id LIKE 'noLines|%'",
      [COMPANY],
    );
    const audit = await client.query<{ count: string; employees: string }>(
      `SELECT count(*), count(DISTINCT details->>'employeeId') AS employees FROM audit_entries WHERE kind = 'month_close.acknowledged' AND subject_id IN
         (SELECT a.id::text FROM month_close_acknowledgements a JOIN month_closes m ON m.id = a.month_close_id WHERE m.company_id = $1)`,
      [COMPANY],
    );
    return {
      acknowledgements: Number(acknowledgements.rows[0]!.count),
      audit: Number(audit.rows[0]!.count),
      employees: Number(audit.rows[0]!.employees),
    };
  });
  expect(counts).toEqual({ acknowledgements: 1000, audit: 1000, employees: 1000 });
  await page.reload();
  await expect((await checksRegion(page)).getByRole("status")).toHaveAttribute("data-unacknowledged", "0");
  expect(errors).toEqual([]);
});
