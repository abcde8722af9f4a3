import { expect, type Page } from "@playwright/test";
import { collectConsoleErrors, control, signInAndConnectPayroll, switchLanguage } from "./helpers";
import { test } from "./fixtures";
import {
  expectSentBack,
  monthHandedInThroughDatabase,
  removeClient,
  sendBackAsFirm,
  storedMonth,
} from "./hand-in-helpers";

// The firm's side of a month its client handed in (issue #28): the month set up as the client's
// Hand in leaves it (the client's own pages come with the clients' spec, e2e/clients.spec.ts), the
// clerk sees Handed in and who handed it in, may still correct it, sends it back with a reason
// (refused empty, field by field), the month is Open again with the reason shown; in German too.

const COMPANY = 1001;

test.use({ payrollCompany: COMPANY });

const status = (page: Page) => page.getByRole("status", { name: /^(Month status|Monatsstatus)$/ });

let clientId: string | null = null;
test.afterEach(async () => {
  if (clientId) await removeClient(clientId);
  clientId = null;
});

test("the clerk sees a handed-in month, sends it back with a reason, and the month is Open again with it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  await signInAndConnectPayroll(page);
  await switchLanguage(page, "en");
  clientId = await monthHandedInThroughDatabase(COMPANY, month, "Karl Kunde");

  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(status(page)).toHaveText("Handed in");
  await expect(page.getByText(/^Handed in by Karl Kunde on /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send back" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit for review" })).toBeVisible();
  // The firm may still correct the client's month while reviewing it.
  await expect(page.getByRole("grid", { name: /^Hours of / })).not.toHaveAttribute("aria-readonly", "true");

  // Send back: the dialog says what it does; an empty reason is refused at the field, by keyboard too.
  await page.getByRole("button", { name: "Send back" }).click();
  const dialog = page.getByRole("dialog", { name: /^Send .+ back to the client$/ });
  await expect(dialog).toContainText("The month becomes Open again");
  const reason = dialog.getByLabel("Reason for sending it back");
  await reason.focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Send the month back" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("Say why the month is sent back.");
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await reason.fill("x".repeat(501));
  await dialog.getByRole("button", { name: "Send the month back" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("At most 500 characters.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  // Nothing was sent: still Handed in.
  await expect(status(page)).toHaveText("Handed in");
  expect((await storedMonth(COMPANY, month))?.state).toBe("handed_in");

  await sendBackAsFirm(page, "Hours of employee 2 are missing for the 3rd");
  await expectSentBack(page, "Hours of employee 2 are missing for the 3rd", "Claudia");
  await expect(page.getByRole("button", { name: "Send back" })).toHaveCount(0);
  const stored = await storedMonth(COMPANY, month);
  expect(stored).toMatchObject({ state: "open", sent_back_reason: "Hours of employee 2 are missing for the 3rd" });
  expect(stored?.sent_back_by_name).toMatch(/^Claudia/);
  expect(stored?.sent_back_at).not.toBeNull();
  expect(errors).toEqual([]);
});

test("German, on a phone: Übergeben, Zurückgeben with the reason, then Offen with it", async ({ page }) => {
  test.setTimeout(120_000);
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  await signInAndConnectPayroll(page);
  await switchLanguage(page, "de");
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    clientId = await monthHandedInThroughDatabase(COMPANY, month, "Karl Kunde");
    await page.goto(`/payroll/companies/${COMPANY}/payments`);
    await expect(status(page)).toHaveText("Übergeben");
    await expect(page.getByText(/^Übergeben von Karl Kunde am \d{2}\.\d{2}\.\d{4}/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Zur Prüfung einreichen" })).toBeVisible();
    await page.getByRole("button", { name: "Zurückgeben" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Der Monat wird wieder offen");
    await dialog.getByRole("button", { name: "Monat zurückgeben" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Geben Sie an, warum der Monat zurückgegeben wird.");
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await sendBackAsFirm(page, "Bitte die Stunden vom 3. ergänzen");
    await expectSentBack(page, "Bitte die Stunden vom 3. ergänzen");
    await expect(page.getByTestId("sent-back-notice")).toContainText(
      /Zurückgegeben von Claudia.* am \d{2}\.\d{2}\.\d{4}/,
    );
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect((await storedMonth(COMPANY, month))?.state).toBe("open");
  } finally {
    // The header's language switch is in its menu on a phone: back to a desktop's width for it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await switchLanguage(page, "en");
  }
});
