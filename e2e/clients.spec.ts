import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { APP_URL } from "../playwright.config";
import { expectSentBack, handInAsClient, sendBackAsFirm } from "./hand-in-helpers";
import { cutOffDate } from "../features/deadlines/deadlines";
import { control, leaveOtherWorkspaces, signInAndConnectPayroll, withDatabase } from "./helpers";
import { test } from "./fixtures";
import { linkIn, mailTo, SIGN_IN_LINK } from "./mailbox";
import { addVirtualAuthenticator } from "./virtual-authenticator";

// The firm's client (issue #28, item 6): Claudia (owner, Sabine's payroll connected) invites a
// client by e-mail for one company; the client, who has no accounting account, signs in from the
// mailed links (caught by a real SMTP server here), joins, adds a passkey (Chromium's virtual
// authenticator), signs out and in again with it, and on a 390 px phone in German enters the
// month's hours of their company and hands the month in; the firm sends it back with a reason and
// the client sees why. Every other company, the firm's pages and every export are
// refused, by URL and by API with the client's own cookies.

const OWN = 1001;
const OTHER = 1002;

test.use({ payrollCompany: OWN, ownWorkspacesOnly: ["claudia"] });

/** The clients this spec invited leave Claudia's workspace (other specs count its members). */
const removeClients = () => leaveOtherWorkspaces("mandant-%@example.com");

test.beforeEach(async () => {
  // Each run starts with its rate limits unused (lib/rate-limit): links and invitation e-mails.
  await withDatabase((client) => client.query("DELETE FROM rate_limits"));
  await removeClients();
});
test.afterEach(async () => {
  await removeClients();
  await setCutOff(null, null);
});

/** The company's own cut-off rule in Claudia's workspace (that of the client `email`), with NRW as its Land; null: none again. */
async function setCutOff(email: string | null, rule: { kind: "day_of_month"; day: number } | null): Promise<void> {
  await withDatabase(async (db) => {
    if (!email || !rule) {
      await db.query(
        "DELETE FROM payroll_company_deadline_settings WHERE company_id = $1 AND cut_off_rule->>'day' = '5'",
        [OWN],
      );
      return;
    }
    await db.query(
      `INSERT INTO payroll_company_deadline_settings (connection_id, company_id, land, cut_off_rule, updated_at)
       SELECT pc.id, $1, 'NW', $3::jsonb, now() FROM payroll_connections pc
       JOIN workspace_members m ON m.workspace_id = pc.workspace_id
       JOIN users u ON u.id = m.user_id AND u.verified_email = $2
       ON CONFLICT (connection_id, company_id) DO UPDATE SET land = 'NW', cut_off_rule = $3::jsonb`,
      [OWN, email, JSON.stringify(rule)],
    );
  });
}

const cell = (page: Page, employee: number, column: string, line = 1) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="${line}"] [role="gridcell"][data-col="${column}"]`,
  );

test("an invited client signs in by e-mail, adds a passkey, enters their company's hours on a phone in German, and reaches nothing else", async ({
  browser,
  mailbox,
}) => {
  test.setTimeout(240_000);
  const email = `mandant-${randomUUID().slice(0, 8)}@example.com`;
  // Claudia (owner; her workspace holds Sabine's companies 1001 and 1002) invites the client for 1001 by e-mail.
  const owner = await (await browser.newContext()).newPage();
  const claudia = await signInAndConnectPayroll(owner);
  await owner.goto("/settings/workspace");
  const form = owner.locator("form").filter({ has: owner.getByRole("button", { name: "Create invitation" }) });
  await form.getByRole("checkbox", { name: "Client" }).check();
  // Client stands alone: the clerk's box the form starts with is cleared.
  await expect(form.getByRole("checkbox", { name: "Clerk" })).not.toBeChecked();
  // Without a company the form says so at the companies, and nothing is made.
  await form.getByRole("button", { name: "Create invitation" }).click();
  await expect(form.getByText("Choose at least one company for the client.")).toBeVisible();
  await form.getByRole("checkbox", { name: `Bäckerei Krüger GmbH (${OWN})` }).check();
  await owner.getByLabel("Invited person's e-mail (optional)").fill(email);
  await form.getByRole("button", { name: "Create invitation" }).click();
  await expect(owner.getByLabel("Invitation link")).toBeVisible();
  let before = mailbox.mails.length;
  await owner.getByLabel("E-mail address").fill(email);
  await owner.getByRole("button", { name: "Send by e-mail" }).click();
  await expect(owner.getByRole("status").filter({ hasText: `The invitation was sent to ${email}.` })).toBeVisible();
  const invitation = linkIn(
    await mailTo(mailbox, before, email),
    /https?:\/\/[^\s"<>]+\/invitations\/[A-Za-z0-9_-]{43}/,
    email,
  );

  // The client: a phone, German, no accounting account.
  const phone = await browser.newContext({
    locale: "de-DE",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const client = await phone.newPage();
  await addVirtualAuthenticator(client);
  await client.goto(invitation);
  await client
    .getByRole("link", { name: "Kein Konto beim Buchhaltungsdienst? Mit einem Link per E-Mail anmelden" })
    .click();
  await client.getByLabel("E-Mail", { exact: true }).fill(email);
  before = mailbox.mails.length;
  await client.getByRole("button", { name: "Anmeldelink senden" }).click();
  const signInLink = linkIn(await mailTo(mailbox, before, email), SIGN_IN_LINK, email);
  await client.goto(signInLink);
  await client.getByRole("button", { name: "Anmeldung abschließen" }).click();
  await expect(client).toHaveURL(/\/invitations\//);
  await client.getByRole("button", { name: "Beitreten" }).click();
  // Joined: their companies, the one chosen for them, with its month's status.
  await expect(client).toHaveURL(/\/payroll$/);
  await expect(client.getByRole("heading", { level: 1 })).toHaveText("Ihre Firmen");
  const companies = client.getByRole("main").getByRole("listitem");
  await expect(companies).toHaveCount(1);
  await expect(companies.first()).toContainText("Bäckerei Krüger GmbH");
  await expect(companies.first()).toContainText("Monatsstatus: Offen");

  // A passkey, then signed out and in again with it: back at their companies.
  await client.goto("/settings/security");
  await client.getByLabel("Name des neuen Passkeys").fill("Telefon");
  await client.getByRole("button", { name: "Passkey hinzufügen" }).click();
  await expect(
    client.getByRole("list", { name: "Passkeys" }).getByRole("listitem").filter({ hasText: "Telefon" }),
  ).toBeVisible();
  await client.getByRole("button", { name: "Menü" }).click();
  await client.getByRole("button", { name: "Abmelden", exact: true }).click();
  // Signed out once the session is gone and the sign-out's own navigation to the start page has
  // happened (a navigation started before that would be cut off by it).
  await expect.poll(async () => (await client.request.get("/api/sessions")).status()).toBe(401);
  await client.waitForURL((url) => url.pathname === "/" || url.pathname === "/sign-in");
  await client.goto("/sign-in");
  await client.getByRole("button", { name: "Mit einem Passkey anmelden" }).click();
  await expect(client).toHaveURL(/\/payroll$/);
  // The header offers only what a client reaches.
  await client.getByRole("button", { name: "Menü" }).click();
  const nav = client.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav.getByRole("link")).toHaveText(["Ihre Firmen", "Einstellungen"]);
  await client.getByRole("button", { name: "Menü" }).click();

  // The month's hours of their company: entered and saved.
  await client.getByRole("main").getByRole("link", { name: "Stunden", exact: true }).click();
  await expect(client).toHaveURL(new RegExp(`/payroll/companies/${OWN}/hours$`));
  await expect(client.getByRole("heading", { level: 1 })).toHaveText("Stunden: Bäckerei Krüger GmbH");
  // On the phone a line is entered in a form (the grid stays below it, the same lines): refused
  // field by field first, in German, then added; the grid shows it and the draft holds it.
  const lineForm = client.getByRole("region", { name: "Zeile erfassen" });
  await expect(client.getByRole("grid").first()).toBeAttached();
  await lineForm.getByLabel("Mitarbeiter/in").selectOption("1");
  await lineForm.getByLabel("Stunden", { exact: true }).fill("acht");
  await lineForm.getByRole("button", { name: "Zeile hinzufügen" }).click();
  await expect(lineForm.getByLabel("Art", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(lineForm.getByText("Wählen Sie eine Art.")).toBeVisible();
  await expect(lineForm.getByLabel("Stunden", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // The first field with a problem has the focus.
  await expect(lineForm.getByLabel("Art", { exact: true })).toBeFocused();
  await lineForm.getByLabel("Art", { exact: true }).selectOption({ label: "Stundenlohn" });
  await lineForm.getByLabel("Stunden", { exact: true }).fill("8");
  await expect(lineForm.getByLabel("Stunden", { exact: true })).not.toHaveAttribute("aria-invalid");
  await lineForm.getByLabel("Satz", { exact: true }).fill("12,5");
  await lineForm.getByLabel("Datum", { exact: true }).fill("3");
  // Enter submits, as in any form.
  await lineForm.getByLabel("Datum", { exact: true }).press("Enter");
  await expect(lineForm.getByRole("status")).toContainText("Zeile für");
  await expect(cell(client, 1, "computed")).toHaveText("100,00");
  await expect(client.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 10_000 });
  const stored = await withDatabase(
    async (db) =>
      (
        await db.query<{ values: Record<string, string> }>(
          `SELECT l.values FROM payroll_entry_draft_lines l
           JOIN payroll_connections pc ON pc.id = l.connection_id
           JOIN workspace_members m ON m.workspace_id = pc.workspace_id
           JOIN users u ON u.id = m.user_id AND u.verified_email = $2
           WHERE l.company_id = $1 AND l.kind = 'hours' AND l.employee_id = 1 AND NOT l.deleted AND l.values->>'type' = 'HOURLY_WAGE'`,
          [OWN, email],
        )
      ).rows,
  );
  expect(stored).toHaveLength(1);
  expect(stored[0]!.values).toMatchObject({ type: "HOURLY_WAGE", total_hours: "8", total_amount: "12.5" });
  expect(stored[0]!.values.date).toMatch(/^\d{4}-\d{2}-03$/);
  const saved = await client.request.get(`/api/payroll/companies/${OWN}/entries/hours/draft`);
  expect(saved.status()).toBe(200);
  expect(JSON.stringify(await saved.json())).toContain('"12.5"');

  // Before handing in, the client is told the firm's cut-off (the company's rule: the 5th, in NRW) and
  // the checks still open (8 h at 12,50 € is below the minimum wage), with a way to see them.
  await setCutOff(email, { kind: "day_of_month", day: 5 });
  await client.reload();
  await client.getByRole("button", { name: "Übergeben", exact: true }).click();
  const handIn = client.getByRole("dialog", { name: / übergeben\?$/ });
  const { current_month: period } = await control<{ current_month: string }>("GET", `/payroll/companies/${OWN}`);
  const [year, monthNumber, day] = cutOffDate(period, "NW", { kind: "day_of_month", day: 5 }).split("-");
  await expect(handIn).toContainText(`Annahmeschluss der Kanzlei für diesen Monat: ${day}.${monthNumber}.${year}.`);
  await expect(handIn.getByTestId("hand-in-checks")).toContainText(/Noch offen: .*\d+ nicht bestätigte Warnungen?/);
  await handIn.getByRole("button", { name: "Warnungen anzeigen" }).click();
  await expect(handIn).toBeHidden();
  await expect(client.getByRole("region", { name: "Prüfungen" })).toBeVisible();
  await expect(client.getByRole("region", { name: "Prüfungen" })).toContainText("Mindestlohn");
  await client.keyboard.press("Escape");
  // Nothing handed in by looking: still Offen.
  await expect(client.getByRole("status", { name: "Monatsstatus" })).toHaveText("Offen");
  // The client hands the month in (`Übergeben`, then `Monat übergeben`): `Monatsstatus` reads Übergeben and the grid takes no more of their edits.
  await handInAsClient(client);
  // Claudia (the firm) sees it handed in and sends it back with a reason (no confirmation asked: not a step that matters).
  const reason = "Bitte die Stunden von Frau Weber für den 3. ergänzen.";
  await owner.goto(`/payroll/companies/${OWN}/hours`);
  await expect(owner.getByRole("status", { name: "Month status" })).toHaveText("Handed in");
  await sendBackAsFirm(owner, reason);
  const month = await withDatabase(
    async (db) =>
      (
        await db.query<{ state: string; sent_back_reason: string | null }>(
          `SELECT state::text, sent_back_reason FROM month_closes WHERE company_id = $1 ORDER BY updated_at DESC LIMIT 1`,
          [OWN],
        )
      ).rows[0],
  );
  expect(month).toEqual({ state: "open", sent_back_reason: reason });
  // The client sees why, on their phone, without reloading (the month's state reaches every open page), and may enter again.
  await expectSentBack(client, reason, "Claudia");
  await expect(client.getByRole("grid").first()).not.toHaveAttribute("aria-readonly", "true");

  // Refused by URL: every other company, the firm's pages of their own company, and the firm's pages.
  const refusedPages = [
    `/payroll/companies/${OTHER}/hours`,
    `/payroll/companies/${OTHER}/payments`,
    `/payroll/companies/${OWN}`,
    `/payroll/companies/${OWN}/hours/history`,
    `/payroll/companies/${OWN}/review`,
    "/payroll/reference-lists",
    "/overview",
    "/audit",
    "/settings/workspace",
    "/settings/connection",
    "/trial-balance",
    "/businesses",
    "/user",
  ];
  for (const path of refusedPages) {
    await client.goto(path);
    await expect(client.getByRole("heading", { name: "Seite nicht gefunden" }), path).toBeVisible();
  }
  // Their own settings stay open.
  for (const path of ["/settings", "/settings/security", "/settings/notifications", "/notifications"]) {
    await client.goto(path);
    await expect(client.getByRole("heading", { name: "Seite nicht gefunden" }), path).toHaveCount(0);
  }

  // Refused by API, with the client's own cookies: 403 or 404 in the envelope, never data.
  const workspaceId = await withDatabase(
    async (db) =>
      (
        await db.query<{ id: string }>(
          "SELECT w.id FROM workspaces w JOIN users u ON u.id = w.personal_user_id WHERE u.accounting_user_id = $1",
          [claudia.id],
        )
      ).rows[0]!.id,
  );
  const refusedApis = [
    `/api/payroll/companies/${OTHER}/entries/hours/draft`,
    `/api/payroll/companies/${OTHER}/entries/payments/draft`,
    `/api/month-close/${OTHER}`,
    `/api/payroll/companies/${OWN}/employees`,
    `/api/workspaces/${workspaceId}/members`,
    `/api/workspaces/${workspaceId}/invitations`,
    "/api/overview",
    "/api/audit/export",
    "/api/audit/verify",
    "/api/trial-balance/export?format=csv&from=2026-01-01&to=2026-01-31",
    "/api/trial-balance/export?format=pdf&from=2026-01-01&to=2026-01-31",
    "/api/trial-balance/period?from=2026-01-01&to=2026-01-31",
    "/api/accounting/user",
  ];
  for (const path of refusedApis) {
    const response = await client.request.get(path);
    expect([403, 404], `${path}: ${response.status()}`).toContain(response.status());
    expect((await response.json()) as { ok: boolean }, path).toMatchObject({ ok: false });
  }
  // A change to another company's draft is refused too (same origin: the CSRF check passes, the access check does not).
  const put = await client.request.put(`/api/payroll/companies/${OTHER}/entries/hours/draft`, {
    headers: { origin: APP_URL },
    data: { period: "2025-01", lines: [] },
  });
  expect([403, 404]).toContain(put.status());
  // Their own company's grid data stays theirs to read.
  expect((await client.request.get(`/api/month-close/${OWN}`)).status()).toBe(200);

  // The owner sees the client with their company in the members list.
  await owner.goto("/settings/workspace");
  const member = owner
    .getByRole("listitem")
    .filter({ hasText: email })
    .filter({ has: owner.getByRole("group", { name: /^Companies of/ }) });
  await expect(member).toContainText("Client: Bäckerei Krüger GmbH");
  await expect(member.getByRole("checkbox", { name: `Bäckerei Krüger GmbH (${OWN})` })).toBeChecked();
  // She gives the client the other company too (audited); the client's list then holds both.
  const otherCompany = member.getByRole("checkbox", { name: new RegExp(`\\(${OTHER}\\)$`) });
  await otherCompany.check();
  await member.getByRole("button", { name: "Save companies" }).click();
  await expect(member.getByRole("status")).toHaveText("Companies saved.");
  await client.goto("/payroll");
  await expect(client.getByRole("main").getByRole("listitem")).toHaveCount(2);
  expect((await client.request.get(`/api/payroll/companies/${OTHER}/entries/hours/draft`)).status()).toBe(200);
  await owner.goto("/audit");
  await expect(
    owner
      .getByRole("main")
      .getByText(/^Companies of .+ changed\.$/)
      .first(),
  ).toBeVisible();
});
