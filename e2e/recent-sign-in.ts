import { expect, type Page } from "@playwright/test";
import type { Mailbox } from "./mailbox";

// Recent sign-in for what matters (lib/auth/server/recent-confirmation.ts) in the browser tests:
// a spec that moves the app's clock more than 10 minutes past the sign-in and then approves,
// transfers, changes roles or webhooks is asked "Confirm it is you". It confirms the way a person
// does: the code the app mails, caught by a real SMTP server (the `mailbox` fixture, ./mailbox.ts).

/**
 * The codes of confirmation mails received after the first `from` messages: the line "…code: 123456"
 * (the English subject and text, the German text's "Bestätigungscode: 123456" even quoted-printable).
 */
export function confirmationCodes(mailbox: Mailbox, from = 0): string[] {
  return mailbox.mails
    .slice(from)
    .map((mail) => /code: (\d{6})\r?$/m.exec(mail.raw)?.[1])
    .filter((code): code is string => code !== undefined);
}

export const confirmDialog = (page: Page) => page.getByRole("dialog", { name: "Confirm it is you" });

/** The open "Confirm it is you" dialog answered with a mailed code; the refused step then completes on its own. */
export async function confirmWithEmailCode(page: Page, mailbox: Mailbox): Promise<void> {
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  const before = mailbox.mails.length;
  await dialog.getByRole("button", { name: "Send a code" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "We sent a 6-digit code" })).toBeVisible();
  await expect.poll(() => confirmationCodes(mailbox, before).length, { timeout: 20_000 }).toBe(1);
  await dialog.getByLabel("Code from the e-mail").fill(confirmationCodes(mailbox, before)[0]!);
  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(dialog).toBeHidden();
}

const REFUSAL = /^Failed to load resource: the server responded with a status of 401 \(Unauthorized\)$/;

/**
 * The page's console errors are only the `refusals` 401s the browser logs for steps refused for want
 * of a recent sign-in (each asked to confirm, and sent again): nothing else went wrong.
 */
export function expectOnlyRecentSignInRefusals(errors: string[], refusals: number): void {
  expect(errors.filter((error) => !REFUSAL.test(error))).toEqual([]);
  expect(errors.filter((error) => REFUSAL.test(error))).toHaveLength(refusals);
}
