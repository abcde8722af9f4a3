import { randomUUID } from "node:crypto";
import { expect, type Browser, type Page } from "@playwright/test";
import { authorizeAtService, fixtureUser, leaveOtherWorkspaces, withDatabase } from "./helpers";
import { test } from "./fixtures";
import { linkIn, mailTo, SIGN_IN_LINK, type Mailbox } from "./mailbox";
import { advanceClock } from "./time-controls";

// Sign-in without an accounting account: a person invited by e-mail signs in from the link the
// mail carries (caught by a real SMTP server here), joins, sees their sessions at
// /settings/security and signs out the others. A link opened in another browser is refused.

test.use({ ownWorkspacesOnly: ["alice"] });

/** The people this spec invited leave Alice's workspace (other specs count its members). */
const leaveAlicesWorkspace = () => leaveOtherWorkspaces("ida-%@example.com");

test.beforeEach(async () => {
  // Each test starts with its rate limits unused (lib/rate-limit), however often the suite ran.
  await withDatabase((client) => client.query("DELETE FROM rate_limits"));
  await leaveAlicesWorkspace();
});

test.afterEach(leaveAlicesWorkspace);

/** Asks for a link on /sign-in and answers the link of the mail that then arrives (sent after the answer). */
async function askForLink(page: Page, mailbox: Mailbox, email: string): Promise<string> {
  const before = mailbox.mails.length;
  if (!page.url().includes("/sign-in")) await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "If this address may sign in here, a link is on its way." }),
  ).toBeVisible();
  const mail = await mailTo(mailbox, before, email);
  expect(mail).toMatch(/^Subject: Your sign-in link for Ledgerlane\r$/m);
  expect(mail).toContain("Content-Type: text/html");
  return linkIn(mail, SIGN_IN_LINK, email);
}

async function openLink(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole("button", { name: "Complete sign-in" }).click();
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test("a person invited by e-mail signs in from the mailed link, joins, and signs out their other sessions; another browser is refused", async ({
  browser,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const email = `ida-${randomUUID().slice(0, 8)}@example.com`;
  // Alice invites Ida by her address.
  const owner = await newPage(browser);
  await owner.goto("/");
  await owner.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await authorizeAtService(owner, await fixtureUser("alice"), { country: "United Kingdom" });
  // Alice owns her workspace, its first-run checklist not done: she lands on it, on the overview.
  await expect(owner).toHaveURL(/\/overview$/);
  await owner.goto("/settings/workspace");
  await owner.getByLabel("Invited person's e-mail (optional)").fill(email);
  await owner.getByLabel("Invited person's name (optional)").fill("Ida Invited");
  await owner.getByRole("button", { name: "Create invitation" }).click();
  const invitation = await owner.getByLabel("Invitation link").inputValue();

  // Ida has no accounting account: from the invitation she goes to the e-mail sign-in.
  const ida = await newPage(browser);
  await ida.goto(invitation);
  await ida.getByRole("link", { name: "No accounting account? Sign in with a link by e-mail" }).click();
  await expect(ida).toHaveURL(/\/sign-in\?callbackUrl=/);
  // The accounting sign-in stays the first button named "Sign in"; the e-mail form comes after it.
  await expect(ida.getByRole("main").getByRole("button", { name: "Sign in" }).first()).toHaveText(/accounting/i);
  const link = await askForLink(ida, mailbox, email);

  // The link opened in another browser signs nobody in and says where to open it.
  const elsewhere = await newPage(browser);
  await openLink(elsewhere, link);
  await expect(
    elsewhere.getByRole("alert").filter({ hasText: "Open it in the browser where you asked for it" }),
  ).toBeVisible();
  await elsewhere.goto("/settings/security");
  await expect(elsewhere.getByRole("list", { name: "Sessions" })).toHaveCount(0);

  // In her own browser it signs her in and brings her back to the invitation.
  await openLink(ida, link);
  await expect(ida).toHaveURL(new RegExp(`/invitations/`));
  await ida.getByRole("button", { name: "Join" }).click();
  await expect(ida).toHaveURL(/\/overview$/);
  // Used once: the same link again is refused.
  await openLink(ida, link);
  await expect(ida.getByRole("alert").filter({ hasText: "already been used" })).toBeVisible();

  // Two more sessions of hers, each from a link asked for in that browser (an address gets at most
  // one sign-in mail a minute: the clocks move on a minute before each).
  const laptop = await newPage(browser);
  await advanceClock(61);
  await openLink(laptop, await askForLink(laptop, mailbox, email));
  await expect(laptop).not.toHaveURL(/\/sign-in/);
  await advanceClock(61);
  await openLink(elsewhere, await askForLink(elsewhere, mailbox, email));
  await expect(elsewhere).not.toHaveURL(/\/sign-in/);

  // Her sessions: this device marked; she signs out one, then (confirmed) all others.
  await ida.goto("/settings/security");
  const sessions = ida.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(3);
  await expect(sessions.getByRole("listitem").first()).toContainText("This device");
  // Playwright's "Desktop Chrome" says Windows in its user agent.
  await expect(sessions.getByRole("listitem").first()).toContainText("Chrome on Windows");
  await expect(sessions.getByRole("listitem").first()).toContainText("by e-mail link");
  await sessions.getByRole("button", { name: "Sign out Chrome on Windows" }).first().click();
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await ida.getByRole("button", { name: "Sign out all other sessions" }).click();
  await ida.getByRole("dialog").getByRole("button", { name: "Sign out 1 session" }).click();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(ida.getByText("You are signed in on this device only.")).toBeVisible();
  for (const other of [laptop, elsewhere]) {
    await other.goto("/settings/security");
    await expect(other.getByRole("list", { name: "Sessions" })).toHaveCount(0);
  }

  // Sign-ins, the refusals and the sign-outs are in her personal workspace's audit trail.
  const kinds = await withDatabase(async (client) =>
    (
      await client.query<{ kind: string }>(
        `SELECT a.kind FROM audit_entries a JOIN workspaces w ON w.id = a.workspace_id JOIN users u ON u.id = w.personal_user_id
         WHERE u.verified_email = $1 ORDER BY a.occurred_at`,
        [email],
      )
    ).rows.map((row) => row.kind),
  );
  expect(kinds.filter((kind) => kind === "session.signed_in")).toHaveLength(3);
  // The link opened again after its use (the other browser's attempt came before she was a person: recorded nowhere).
  expect(kinds.filter((kind) => kind === "session.sign_in_failed")).toHaveLength(1);
  expect(kinds.filter((kind) => kind === "session.signed_out")).toHaveLength(2);
});
