import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { authorizeAtService, fixtureUser, headerSwitcher, withDatabase } from "./helpers";
import { test } from "./fixtures";
import { linkIn, mailTo, SIGN_IN_LINK, unwrapped, type Mailbox } from "./mailbox";
import { runJob } from "./time-controls";

// Two ways in, linked only by a verified e-mail and an explicit confirmation (features/account-linking):
// an accounting person adds a sign-in e-mail with the code mailed to it (caught by a real SMTP
// server here) and then signs in by e-mail link as the same person; an e-mail person links an
// accounting account through the service's sign-in and a confirmation page, then signs in with it.

test.beforeEach(async () => {
  // Each test starts with its rate limits unused (lib/rate-limit), however often the suite ran.
  await withDatabase((client) => client.query("DELETE FROM rate_limits"));
});

/** Run while a mail is awaited and none is there yet: the outbox sends it now, not at its next scheduled run. */
const sendOutbox = () => runJob("mail-outbox");

/** Asks for a sign-in link on /sign-in and opens it in the same browser. */
async function signInByEmailLink(page: Page, mailbox: Mailbox, email: string): Promise<void> {
  const before = mailbox.mails.length;
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If this address may sign in here" })).toBeVisible();
  const link = linkIn(await mailTo(mailbox, before, email, sendOutbox), SIGN_IN_LINK, email);
  await page.goto(link);
  await page.getByRole("button", { name: "Complete sign-in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out", exact: true }).first().click();
  await expect(page.getByRole("button", { name: /Sign in/ }).first()).toBeVisible();
}

const auditKinds = (userId: string) =>
  withDatabase(async (client) =>
    (
      await client.query<{ kind: string }>(
        `SELECT a.kind FROM audit_entries a JOIN workspaces w ON w.id = a.workspace_id WHERE w.personal_user_id = $1 ORDER BY a.occurred_at`,
        [userId],
      )
    ).rows.map((row) => row.kind),
  );

test("an accounting person adds a sign-in e-mail with the mailed code, then signs in by e-mail link as the same person", async ({
  page,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const email = `ben-link-${randomUUID().slice(0, 8)}@example.com`;
  try {
    const ben = await fixtureUser("ben");
    await page.goto("/settings/security");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    await authorizeAtService(page, ben, { country: "United States" });
    await page.goto("/settings/security");
    await expect(page.getByText("You also sign in through the accounting service.")).toBeVisible();
    await expect(page.getByText("You have no sign-in e-mail yet.")).toBeVisible();

    const before = mailbox.mails.length;
    await page.getByRole("main").getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`A 6-digit code is on its way to ${email}`)).toBeVisible();
    const mail = unwrapped(await mailTo(mailbox, before, email, sendOutbox));
    const code = /^Subject: Your Ledgerlane code: (\d{6})\r$/m.exec(mail)![1]!;
    // A wrong code is refused, field-level; the right one makes the address his.
    await page.getByLabel("Code from the mail").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("This is not the code in the mail.")).toBeVisible();
    await page.getByLabel("Code from the mail").fill(code);
    const beforeNotice = mailbox.mails.length;
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${email} is now your sign-in e-mail.` })).toBeVisible();
    // A new way in is told at the person's addresses, the new one included, with the sessions page (issue 35).
    const notice = unwrapped(await mailTo(mailbox, beforeNotice, email, sendOutbox));
    expect(notice).toContain("Subject: A sign-in e-mail was added to your Ledgerlane account");
    expect(notice).toContain("/settings/security");
    await expect(page.getByText(`You can also sign in by a link mailed to ${email}.`)).toBeVisible();

    // Signed out, he signs in by e-mail link: the same person (his accounting account still linked).
    await signOut(page);
    await signInByEmailLink(page, mailbox, email);
    await page.goto("/settings/security");
    await expect(page.getByText("You also sign in through the accounting service.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Sessions" }).getByRole("listitem").first()).toContainText(
      "by e-mail link",
    );
    const benId = await withDatabase(
      async (client) =>
        (await client.query<{ id: string }>("SELECT id FROM users WHERE verified_email = $1", [email])).rows[0]!.id,
    );
    const kinds = await auditKinds(benId);
    expect(kinds).toContain("account.email_added");
    await page.goto("/audit");
    await expect(page.getByText(`Sign-in e-mail ${email} added`)).toBeVisible();
  } finally {
    await withDatabase((client) =>
      client.query("UPDATE users SET verified_email = NULL WHERE verified_email = $1", [email]),
    );
  }
});

test("an e-mail person links an accounting account only after confirming, then signs in with it as the same person", async ({
  page,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const email = `eve-${randomUUID().slice(0, 8)}@example.com`;
  const priya = await fixtureUser("priya");
  try {
    // Priya's accounting account is nobody's here yet (another spec may have signed her in).
    await withDatabase(async (client) => {
      await client.query("DELETE FROM users WHERE accounting_user_id = $1", [priya.id]);
      await client.query(
        `INSERT INTO users (id, email, verified_email, email_verified_at, display_name, updated_at)
         VALUES (gen_random_uuid(), $1, $1, now(), 'Eve Email', now())`,
        [email],
      );
    });
    await signInByEmailLink(page, mailbox, email);
    await page.goto("/settings/security");
    await expect(page.getByText("You sign in by e-mail only.")).toBeVisible();
    await page.getByRole("button", { name: "Link an accounting account" }).click();
    await authorizeAtService(page, priya, { country: "United Kingdom" });

    // The confirmation says what will be linked; nothing is linked before Confirm.
    await expect(page).toHaveURL(/\/settings\/security\/link$/);
    await expect(page.getByRole("heading", { name: "Link the accounting account?" })).toBeVisible();
    await expect(
      page.getByText(`Sign in with the accounting account of Priya Shah as well as with ${email}?`),
    ).toBeVisible();
    const linkedBefore = await withDatabase(
      async (client) => (await client.query("SELECT 1 FROM users WHERE accounting_user_id = $1", [priya.id])).rowCount,
    );
    expect(linkedBefore).toBe(0);
    const beforeNotice = mailbox.mails.length;
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Linked" })).toBeVisible();
    // Eve is told at her address that an accounting account now signs in as her.
    expect(unwrapped(await mailTo(mailbox, beforeNotice, email, sendOutbox))).toContain(
      "Subject: An accounting account was linked to your Ledgerlane account",
    );
    // The page again: nothing waits any more (a confirmation is not replayed).
    await page.reload();
    await expect(page.getByText("No link is waiting to be confirmed in this session.")).toBeVisible();

    // Signed out, she signs in through the accounting service: the same person, her e-mail kept.
    await signOut(page);
    await page.goto("/settings/security");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    await authorizeAtService(page, priya, { country: "United Kingdom" });
    await page.goto("/settings/security");
    await expect(page.getByText(`You can also sign in by a link mailed to ${email}.`)).toBeVisible();
    await expect(page.getByText("You also sign in through the accounting service.")).toBeVisible();
    const eveId = await withDatabase(
      async (client) =>
        (await client.query<{ id: string }>("SELECT id FROM users WHERE verified_email = $1", [email])).rows[0]!.id,
    );
    expect(await auditKinds(eveId)).toContain("account.linked");
  } finally {
    await withDatabase((client) => client.query("DELETE FROM users WHERE verified_email = $1", [email]));
  }
});

test("an e-mail person sees no accounting parts in the header (no Businesses, Trial balance or Business) and is offered to link an account", async ({
  page,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const email = `finn-${randomUUID().slice(0, 8)}@example.com`;
  try {
    await withDatabase((client) =>
      client.query(
        `INSERT INTO users (id, email, verified_email, email_verified_at, display_name, updated_at)
         VALUES (gen_random_uuid(), $1, $1, now(), 'Finn Email', now())`,
        [email],
      ),
    );
    await signInByEmailLink(page, mailbox, email);
    await page.goto("/settings");
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Businesses" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Trial balance" })).toHaveCount(0);
    await expect(headerSwitcher(page, "Business")).toHaveCount(0);
    await expect(header.getByText("Sign in again")).toHaveCount(0);
    // The header offers to link an accounting account; it leads to where that is done.
    await nav.getByRole("link", { name: "Link an accounting account" }).click();
    await expect(page).toHaveURL(/\/settings\/security$/);
    await expect(page.getByRole("button", { name: "Link an accounting account" })).toBeVisible();
    // The accounting pages, opened by their address, say why they are empty and offer the same.
    for (const path of ["/businesses", "/trial-balance"]) {
      await page.goto(path);
      await expect(page.getByText("You sign in by e-mail, without an accounting account.")).toBeVisible();
      await expect(page.getByRole("main").getByRole("button", { name: "Link an accounting account" })).toBeVisible();
    }
  } finally {
    await withDatabase((client) => client.query("DELETE FROM users WHERE verified_email = $1", [email]));
  }
});
