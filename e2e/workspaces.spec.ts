import { createHash } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import {
  authorizeAtService,
  fixtureUser,
  signInAndConnectPayroll,
  withDatabase,
  type FixtureUser,
  headerSwitcher,
  switchWorkspace,
  switcherChoices,
  LANDING_URL,
} from "./helpers";
import { test } from "./fixtures";
import { unwrapped } from "./mailbox";

// Firm workspaces: an owner invites by link, a colleague joins and switches, the owner removes
// them and their next request is refused; every bad link shows a clear page and changes nothing.

// The app's database outlives the sandbox's reset: start from everyone in their own workspace only.
test.use({ ownWorkspacesOnly: ["alice", "dara"] });

test.beforeEach(async () => {
  await withDatabase(async (client) => {
    const ids = [(await fixtureUser("alice")).id, (await fixtureUser("dara")).id];
    await client.query(
      `DELETE FROM workspace_invitations i USING workspaces w, users u WHERE i.workspace_id = w.id AND w.personal_user_id = u.id AND u.accounting_user_id = ANY($1)`,
      [ids],
    );
    // A personal workspace is named after its person until its owner renames it (this spec does).
    await client.query(
      `UPDATE workspaces w SET name = u.display_name FROM users u WHERE w.personal_user_id = u.id AND u.accounting_user_id = ANY($1)`,
      [ids],
    );
    // Each test starts with its rate limits unused (lib/rate-limit), however often the suite ran this hour.
    await client.query(`DELETE FROM rate_limits`);
  });
});

async function signIn(page: Page, person: FixtureUser, country: string) {
  await page.goto("/");
  // On a phone the header's controls are behind its menu button, as a person finds them.
  const menu = page.getByRole("banner").getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await authorizeAtService(page, person, { country });
  await expect(page).toHaveURL(LANDING_URL);
}

async function createInvitation(
  page: Page,
  roles: string[] = [],
  invitee?: { email: string; name: string },
): Promise<string> {
  for (const role of roles)
    await page.getByRole("group", { name: "Roles of the invited person" }).getByLabel(role).check();
  if (invitee) {
    await page.getByLabel("Invited person's e-mail (optional)").fill(invitee.email);
    await page.getByLabel("Invited person's name (optional)").fill(invitee.name);
  }
  await page.getByRole("button", { name: "Create invitation" }).click();
  const link = page.getByLabel("Invitation link");
  await expect(link).toHaveAttribute("readonly", "");
  return link.inputValue();
}

const tokenOf = (link: string) => link.split("/invitations/")[1]!;

async function aliceWorkspaceId(): Promise<string> {
  const alice = await fixtureUser("alice");
  return withDatabase(
    async (client) =>
      (
        await client.query<{ id: string }>(
          "SELECT w.id FROM workspaces w JOIN users u ON u.id = w.personal_user_id WHERE u.accounting_user_id = $1",
          [alice.id],
        )
      ).rows[0]!.id,
  );
}

test("an owner renames the workspace and invites by link, the colleague joins and sees the same name, switches only by picking one, is removed and refused; bad links change nothing", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [alice, dara] = [await fixtureUser("alice"), await fixtureUser("dara")];
  const owner = await (await browser.newContext()).newPage();
  const guest = await (await browser.newContext()).newPage();

  // Alone, nothing is different: no switcher.
  await signIn(owner, alice, "United Kingdom");
  await expect(headerSwitcher(owner, "Workspace")).toHaveCount(0);
  await owner.goto("/settings");
  await owner.getByRole("link", { name: "Workspace members and invitations" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Workspace: Alice Hartley");
  await expect(owner.getByRole("group", { name: "Roles of Alice Hartley" }).getByLabel("Owner")).toBeChecked();

  // The owner renames the workspace: a name of invisible characters is refused at the field; the new one is shown and audited.
  const name = owner.getByLabel("Workspace name");
  await expect(name).toHaveValue("Alice Hartley");
  await name.fill("\u200b");
  await owner.getByRole("button", { name: "Rename" }).click();
  await expect(name).toHaveAccessibleDescription(/Enter a name with visible characters\./);
  await name.fill("Hartley & Partner");
  await owner.getByRole("button", { name: "Rename" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Workspace: Hartley & Partner");
  await expect(owner.getByText("Renamed: every member now sees “Hartley & Partner”.")).toBeVisible();
  await owner.goto("/audit");
  await expect(owner.getByText("Workspace renamed from “Alice Hartley” to “Hartley & Partner”.")).toBeVisible();
  await owner.goto("/settings/workspace");

  // The last owner cannot give up the role: refused with the reason, nothing changed.
  await owner.getByRole("group", { name: "Roles of Alice Hartley" }).getByLabel("Owner").uncheck();
  await owner.getByRole("group", { name: "Roles of Alice Hartley" }).getByLabel("Clerk").check();
  await owner.getByRole("button", { name: "Save roles" }).click();
  await expect(owner.getByRole("main").getByRole("alert")).toContainText("A workspace always keeps an owner");
  await expect(owner.getByRole("group", { name: "Roles of Alice Hartley" }).getByLabel("Owner")).toBeChecked();

  const link = await createInvitation(owner, ["Approver"]);
  expect(link).toMatch(/\/invitations\/[A-Za-z0-9_-]{43}$/);

  // Signed out, the link asks to sign in first and comes back to it.
  await guest.goto(link);
  await guest.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  await authorizeAtService(guest, dara, { country: "Ireland" });
  await expect(guest).toHaveURL(link);
  await expect(guest.getByRole("main")).toContainText(
    "Alice Hartley invites you to join the workspace Hartley & Partner as Clerk, Approver.",
  );
  // A firm member lands on their work, the firm's overview; the workspace's settings are a link away.
  await guest.getByRole("button", { name: "Join" }).click();
  await expect(guest).toHaveURL(/\/overview$/);
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Overview");
  await guest.goto("/settings/workspace");
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Workspace: Hartley & Partner");

  // The switcher shows the joined workspace by the name its members all see; its list has both.
  const switcher = headerSwitcher(guest, "Workspace");
  await expect(switcher).toHaveText("Hartley & Partner");
  // Arrow keys in the open list only move the highlight: nothing is switched (or stored) until Enter.
  await switcher.focus();
  await guest.keyboard.press("Enter");
  await expect(switcherChoices(guest)).toHaveText(["Dara Byrne", "Hartley & Partner"]);
  await guest.keyboard.press("ArrowUp");
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Workspace: Hartley & Partner");
  await guest.keyboard.press("Escape");
  await expect(switcherChoices(guest)).toHaveCount(0);
  await expect(switcher).toBeFocused();
  await guest.reload();
  await expect(switcher).toHaveText("Hartley & Partner");
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Workspace: Hartley & Partner");
  // Typed to find, picked and switched; the choice is kept.
  await switchWorkspace(guest, "Dara Byrne");
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Workspace: Dara Byrne");
  await guest.reload();
  await expect(switcher).toHaveText("Dara Byrne");
  await switchWorkspace(guest, "Hartley & Partner");
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Workspace: Hartley & Partner");
  await expect(guest.getByText("Only owners can change members and invite people.")).toBeVisible();

  // The owner sees who used the link, then removes the member (after confirming).
  await owner.reload();
  await expect(owner.getByRole("listitem").filter({ hasText: "Dara Byrne" }).first()).toContainText("Clerk");
  await expect(owner.getByText(/Dara Byrne on /)).toBeVisible();
  await expect(owner.getByText("State: Used")).toBeVisible();
  const fourEyesNote = owner.getByText(/^By default four eyes is on while the workspace has two or more members/);
  await expect(fourEyesNote).toContainText("(now: 2)");
  await owner.getByRole("button", { name: "Remove Dara Byrne" }).click();
  const dialog = owner.getByRole("dialog", { name: "Remove Dara Byrne from the workspace?" });
  await expect(dialog).toContainText("loses access to everything in Hartley & Partner");
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(owner.getByRole("group", { name: "Roles of Dara Byrne" })).toHaveCount(0);
  // The four-eyes note counts the members that are left, without a reload.
  await expect(fourEyesNote).toContainText("(now: 1)");

  // The removed member's next request to that workspace is refused.
  const workspaceId = await withDatabase(
    async (client) =>
      (
        await client.query<{ id: string }>(
          "SELECT w.id FROM workspaces w JOIN users u ON u.id = w.personal_user_id WHERE u.accounting_user_id = $1",
          [alice.id],
        )
      ).rows[0]!.id,
  );
  const refused = await guest.request.get(`/api/workspaces/${workspaceId}/members`);
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toMatchObject({ ok: false, error: { code: "not_found" } });
  await guest.reload();
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Workspace: Dara Byrne");
  await expect(headerSwitcher(guest, "Workspace")).toHaveCount(0);

  // Bad links: each says why, and nothing changes.
  const revoked = await createInvitation(owner);
  await owner
    .getByRole("button", { name: /^Revoke the invitation of/ })
    .first()
    .click();
  await owner
    .getByRole("dialog", { name: "Revoke this invitation?" })
    .getByRole("button", { name: "Revoke invitation" })
    .click();
  await expect(owner.getByText("State: Revoked")).toBeVisible();
  const expired = await createInvitation(owner);
  const hash = createHash("sha256").update(tokenOf(expired)).digest("hex");
  await withDatabase((client) =>
    client.query("UPDATE workspace_invitations SET expires_at = now() - interval '8 days' WHERE token_hash = $1", [
      hash,
    ]),
  );
  const open = await createInvitation(owner);

  const cases: [string, string][] = [
    [link, "This invitation has already been used"],
    [revoked, "This invitation was revoked"],
    [expired, "This invitation has expired"],
    [link.replace(/\/invitations\/.*$/, "/invitations/not-a-link"), "This invitation link is not valid"],
    [link.replace(/\/invitations\/.*$/, `/invitations/${"A".repeat(43)}`), "This invitation link is not valid"],
  ];
  for (const [url, title] of cases) {
    await guest.goto(url);
    await expect(guest.getByRole("main")).toContainText(title);
    await expect(guest.getByRole("main")).toContainText("Nothing was changed.");
    await expect(guest.getByRole("button", { name: "Join" })).toHaveCount(0);
  }
  // Opened by a member (the owner herself).
  await owner.goto(open);
  await expect(owner.getByRole("main")).toContainText("You are already a member");
  await expect(owner.getByRole("button", { name: "Join" })).toHaveCount(0);
  // A Join sent for a used link anyway is refused with its code.
  const replay = await guest.request.post("/api/invitations/accept", { data: { token: tokenOf(link) } });
  expect(replay.status()).toBe(410);
  expect(await replay.json()).toMatchObject({ ok: false, error: { code: "invitation_used" } });
  await guest.reload();
  await expect(headerSwitcher(guest, "Workspace")).toHaveCount(0);
  // The open link still works for someone else (nothing used it up).
  await guest.goto(open);
  await expect(guest.getByRole("button", { name: "Join" })).toBeVisible();
});

test("an invitation naming a person: listed with them, refused to anyone else (and still open), used by them", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [alice, dara, claudia] = [await fixtureUser("alice"), await fixtureUser("dara"), await fixtureUser("claudia")];
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, alice, "United Kingdom");
  await owner.goto("/settings/workspace");
  // A mistyped address is refused at the field, nothing is made.
  await owner.getByLabel("Invited person's e-mail (optional)").fill("dara.byrne@");
  await owner.getByRole("button", { name: "Create invitation" }).click();
  await expect(owner.getByText("Enter an e-mail address like name@example.com.")).toBeVisible();
  await expect(owner.getByLabel("Invitation link")).toHaveCount(0);
  // The address as the owner typed it; what counts is the person's address at the accounting service, in any case.
  const link = await createInvitation(owner, [], { email: dara.email.toUpperCase(), name: "Dara Byrne" });
  await expect(owner.getByRole("listitem").filter({ hasText: "State: Open" })).toContainText(
    `Dara Byrne (${dara.email.toUpperCase()})`,
  );

  // Someone else: told it is not theirs, with their own address; no Join; a Join sent anyway is refused.
  const other = await (await browser.newContext()).newPage();
  await signIn(other, claudia, "Germany");
  await other.goto(link);
  await expect(other.getByRole("main")).toContainText("This invitation is for someone else");
  await expect(other.getByRole("main")).toContainText(`(${claudia.email})`);
  await expect(other.getByRole("main")).toContainText("Nothing was changed.");
  await expect(other.getByRole("button", { name: "Join" })).toHaveCount(0);
  const refused = await other.request.post("/api/invitations/accept", { data: { token: tokenOf(link) } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ ok: false, error: { code: "invitation_other_person" } });

  // The link is still open, and the named person joins with it.
  await owner.reload();
  await expect(owner.getByRole("listitem").filter({ hasText: "Dara Byrne (" })).toContainText("State: Open");
  const guest = await (await browser.newContext()).newPage();
  await signIn(guest, dara, "Ireland");
  await guest.goto(link);
  await guest.getByRole("button", { name: "Join" }).click();
  await expect(guest).toHaveURL(/\/overview$/);
  await guest.goto("/settings/workspace");
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Workspace: Alice Hartley");
  await owner.reload();
  await expect(owner.getByRole("listitem").filter({ hasText: "Dara Byrne (" })).toContainText("State: Used");
});

test("with SMTP set up, the owner sends the link by e-mail; the page fits a 390 px screen", async ({
  page,
  mailbox,
}) => {
  // Only the invitations: a notification e-mail the outbox sends meanwhile (e.g. a removed member's) is not this test's.
  const invitations = () => mailbox.mails.map((mail) => mail.raw).filter((raw) => /^Subject: Invitation to/m.test(raw));
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, await fixtureUser("alice"), "United Kingdom");
  await page.goto("/settings/workspace");
  const link = await createInvitation(page);
  await page.getByLabel("E-mail address").fill("colleague@example.com");
  await page.getByRole("button", { name: "Send by e-mail" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The invitation was sent to colleague@example.com." }),
  ).toBeVisible();
  expect(invitations()).toHaveLength(1);
  const [invitation] = invitations();
  const body = unwrapped(invitation!);
  expect(invitation).toMatch(/^To: colleague@example.com\r$/m);
  // Nobody with that address is known, so the e-mail is in both languages, the inviter's first.
  expect(invitation).toMatch(/^Subject: Invitation to the workspace Alice Hartley in Ledgerlane\s+\//m);
  expect(body).toContain("Sie in den Arbeitsbereich Alice Hartley bei Ledgerlane ein");
  expect(body).toContain(link);
  // The e-mail names the inviter with their address at the accounting service, and carries nothing else the sender chose.
  expect(body).toContain("Alice Hartley (alice.hartley@example.co.uk) invites you");
  // Not a mail relay: 20 e-mails of a workspace in an hour, then 429 with Retry-After (nothing sent).
  const workspaceId = await aliceWorkspaceId();
  for (let index = 2; index <= 20; index += 1) {
    const sent = await page.request.post(`/api/workspaces/${workspaceId}/invitations/email`, {
      data: { token: tokenOf(link), email: `colleague${index}@example.com` },
    });
    expect(sent.status(), `e-mail ${index}`).toBe(200);
  }
  const limited = await page.request.post(`/api/workspaces/${workspaceId}/invitations/email`, {
    data: { token: tokenOf(link), email: "colleague21@example.com" },
  });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(3_000);
  expect(await limited.json()).toMatchObject({ ok: false, error: { code: "rate_limited" } });
  expect(invitations()).toHaveLength(20);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a company's page opened in another workspace says which of the person's workspaces holds it and switches there; a workspace they are not in stays unnamed", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [claudia, dara] = [await fixtureUser("claudia"), await fixtureUser("dara")];
  // Claudia's workspace reaches company 1001 (its page read once, so the app knows the company).
  const owner = await (await browser.newContext()).newPage();
  await signInAndConnectPayroll(owner);
  await owner.goto("/payroll/companies/1001");
  await expect(owner.getByRole("heading", { level: 1, name: "Bäckerei Krüger GmbH" })).toBeVisible();
  const claudiasWorkspace = await withDatabase(
    async (client) =>
      (
        await client.query<{ id: string; name: string }>(
          "SELECT w.id, w.name FROM workspaces w JOIN users u ON u.id = w.personal_user_id WHERE u.accounting_user_id = $1",
          [claudia.id],
        )
      ).rows[0]!,
  );

  // Dara, working in her own workspace, is not a member of Claudia's: her page names no workspace.
  const guest = await (await browser.newContext()).newPage();
  await signIn(guest, dara, "Ireland");
  await guest.goto("/payroll/companies/1001");
  await expect(guest.getByRole("main")).not.toContainText(claudiasWorkspace.name);
  await expect(guest.getByRole("button", { name: /^Switch to/ })).toHaveCount(0);

  // A clerk of Claudia's workspace too (still working in her own), she is told where the company is and switches there.
  const daraId = await withDatabase(
    async (client) =>
      (await client.query<{ id: string }>("SELECT id FROM users WHERE accounting_user_id = $1", [dara.id])).rows[0]!.id,
  );
  await withDatabase((client) =>
    client.query("INSERT INTO workspace_members (workspace_id, user_id, roles) VALUES ($1, $2, '{clerk}')", [
      claudiasWorkspace.id,
      daraId,
    ]),
  );
  await guest.reload();
  const elsewhere = guest.getByRole("region", { name: "In another workspace" });
  await expect(elsewhere).toContainText(
    `Bäckerei Krüger GmbH belongs to your workspace “${claudiasWorkspace.name}”, not to the one you are working in now.`,
  );
  await elsewhere.getByRole("button", { name: `Switch to “${claudiasWorkspace.name}”` }).click();
  await expect(guest.getByRole("heading", { level: 1, name: "Bäckerei Krüger GmbH" })).toBeVisible();
  await expect(headerSwitcher(guest, "Workspace")).toHaveText(claudiasWorkspace.name);
  await withDatabase((client) =>
    client.query("DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2", [
      claudiasWorkspace.id,
      daraId,
    ]),
  );
});
