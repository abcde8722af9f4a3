import { expect, type Page } from "@playwright/test";
import { startReceiver } from "../features/webhooks/server/testing";
import { approveMonth, collectConsoleErrors, control, signInAndConnectPayroll, withDatabase } from "./helpers";
import { test } from "./fixtures";
import { advanceClock, runJob, syncClock } from "./time-controls";

// Webhooks: the owner registers an endpoint on /settings/workspace (keyboard only), copies its
// secret, and a real receiver in the test verifies every delivery with the Standard Webhooks
// library: the month's submission and approval arrive once each, the approval also after the
// receiver answered 500 twice (the app's clock moves past the retries' backoff; nobody waits).
// The app runs with WEBHOOKS_ALLOW_PRIVATE=true (playwright.config.ts): the receiver is on 127.0.0.1.

const COMPANY = 1001;

const cell = (page: Page, employee: number, column: string) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="1"] [role="gridcell"][data-col="${column}"]`,
  );

test.use({ payrollCompany: COMPANY });

const clean = () => withDatabase((client) => client.query("DELETE FROM webhook_endpoints"));
test.beforeEach(clean);
test.afterAll(async () => {
  await control("POST", "/reset");
  await syncClock();
  await clean();
});

test("an owner adds a webhook endpoint; the receiver verifies every signature and sees each state change once, also after two 500s", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = collectConsoleErrors(page);
  const receiver = await startReceiver();
  try {
    await signInAndConnectPayroll(page);
    await page.goto("/settings/workspace");
    const section = page.getByRole("region", { name: "Webhooks" });
    await expect(section).toContainText("No endpoints yet.");

    // By keyboard: the form, its events (approval and transfer chosen already), the submission.
    await section.getByRole("button", { name: "Add endpoint" }).focus();
    await page.keyboard.press("Enter");
    await expect(section.getByLabel("Address (URL)")).toBeFocused();
    await page.keyboard.type(receiver.url);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Practice software");
    await section.getByRole("checkbox", { name: /^Month submitted for review/ }).focus();
    await page.keyboard.press("Space");
    await section.getByRole("button", { name: "Add endpoint" }).click();
    await expect(section.getByRole("status").filter({ hasText: "Endpoint added" })).toBeVisible();
    const secret = await section.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets.push(secret);
    const card = section.getByRole("listitem").filter({ hasText: receiver.url });
    await expect(card).toContainText("Month submitted for review, Month approved, Month transferred");
    // Shown again on demand: the same secret.
    await card.getByRole("button", { name: "Show signing secret" }).click();
    await expect(card.getByLabel("Signing secret")).toHaveValue(secret);

    // The month: one line, submitted and approved (a workspace of one member: four eyes is off).
    receiver.failNext("month.approved", 2);
    await page.goto(`/payroll/companies/${COMPANY}/hours`);
    await cell(page, 1, "type").click();
    await page.keyboard.type("Hourly wage");
    await page.keyboard.press("Tab");
    await page.keyboard.type("8");
    await page.keyboard.press("Tab");
    await page.keyboard.type("14");
    await page.keyboard.press("Enter");
    await expect(page.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 10_000 });
    await approveMonth(page, "Checked by the webhook test");
    await runJob("webhook-deliveries");
    const types = () => receiver.accepted().map((delivery) => delivery.type);
    await expect.poll(types).toEqual(["month.submitted"]);
    await expect.poll(() => receiver.received.filter((delivery) => delivery.answered === 500).length).toBe(1);

    // The approval's retries: 5 s and 5 minutes later by the app's clock.
    await advanceClock(5);
    await runJob("webhook-deliveries");
    await expect.poll(() => receiver.received.filter((delivery) => delivery.answered === 500).length).toBe(2);
    await advanceClock(300);
    await runJob("webhook-deliveries");
    await expect.poll(types).toEqual(["month.submitted", "month.approved"]);
    expect(receiver.received.every((delivery) => delivery.verifiedWith.length === 1)).toBe(true);
    const approvals = receiver.received.filter((delivery) => JSON.parse(delivery.body).type === "month.approved");
    expect(new Set(approvals.map((delivery) => delivery.id)).size).toBe(1);
    expect(approvals.map((delivery) => delivery.answered)).toEqual([500, 500, 204]);

    // The delivery log, newest first, on a phone without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/settings/workspace");
    await page
      .getByRole("listitem")
      .filter({ hasText: receiver.url })
      .getByRole("button", { name: "Show deliveries" })
      .click();
    const log = page.getByRole("region", { name: "Deliveries" });
    const rows = log.getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText("month.approved");
    await expect(rows.nth(1)).toContainText("Delivered");
    await expect(rows.nth(1)).toContainText("3");
    await expect(rows.nth(2)).toContainText("month.submitted");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Deleting asks first.
    await page.getByRole("button", { name: "Delete endpoint Practice software" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this endpoint?" });
    await dialog.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page.getByRole("region", { name: "Webhooks" })).toContainText("No endpoints yet.");
    expect(errors).toEqual([]);
  } finally {
    await receiver.close();
  }
});
