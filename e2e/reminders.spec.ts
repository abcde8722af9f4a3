import { expect } from "@playwright/test";
import { addBankWorkingDays, cutOffDate, DEFAULT_CUT_OFF_RULE, type Land } from "../features/deadlines/deadlines";
import { isLand, storedCutOffRule } from "../features/deadlines/schemas";
import { acknowledgeAllWarnings, fixtureUser, signInAndConnectPayroll, withDatabase } from "./helpers";
import { test } from "./fixtures";
import { advanceClock, runJob } from "./time-controls";

// Reminders and notification e-mails through a real SMTP server (the `mailbox` fixture, where the
// app sends): two clerks and an approver join Claudia's workspace (rows of the app's database:
// they need not sign in); company 1001's month is open, 1002's in review.

test.use({ payrollCompany: 1001, ownWorkspacesOnly: ["claudia"] });

const PEOPLE = [
  { name: "Rita Reminder", email: "rita.reminder@example.com", role: "clerk" },
  { name: "Ralf Reminder", email: "ralf.reminder@example.com", role: "clerk" },
  { name: "Anja Approver", email: "anja.approver@example.com", role: "approver" },
] as const;

/** Claudia's workspace and payroll connection, and the three people added to it (ids by e-mail). */
async function addPeople(): Promise<{ workspaceId: string; connectionId: string; ids: Record<string, string> }> {
  const claudia = await fixtureUser("claudia");
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ workspace_id: string; connection_id: string }>(
      `SELECT w.id AS workspace_id, c.id AS connection_id FROM users u
         JOIN workspaces w ON w.personal_user_id = u.id
         JOIN payroll_connections c ON c.workspace_id = w.id AND c.disconnected_at IS NULL
       WHERE u.accounting_user_id = $1`,
      [claudia.id],
    );
    const { workspace_id: workspaceId, connection_id: connectionId } = rows[0]!;
    const ids: Record<string, string> = {};
    for (const person of PEOPLE) {
      await client.query("DELETE FROM users WHERE email = $1", [person.email]);
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO users (id, accounting_user_id, email, display_name, locale, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, 'en', now()) RETURNING id`,
        [`e2e-reminders:${person.email}`, person.email, person.name],
      );
      ids[person.email] = inserted.rows[0]!.id;
      await client.query(
        `INSERT INTO workspace_members (workspace_id, user_id, roles) VALUES ($1, $2, ARRAY[$3]::"WorkspaceRole"[])`,
        [workspaceId, ids[person.email], person.role],
      );
    }
    return { workspaceId, connectionId, ids };
  });
}

async function removePeople(): Promise<void> {
  await withDatabase(async (client) => {
    await client.query("DELETE FROM users WHERE email = ANY($1)", [PEOPLE.map((person) => person.email)]);
    await client.query("DELETE FROM month_closes WHERE company_id = 1002");
  });
}

/** The first month from today's whose day 2 bank working days before the cut-off is still ahead, and that day (the company's deadline settings as the app reads them). */
async function nextReminderDay(connectionId: string): Promise<{ period: string; day: string }> {
  const { land, rule } = await withDatabase(async (client) => {
    const { rows } = await client.query<{
      own_land: string | null;
      own_rule: unknown;
      check_land: string | null;
      workspace_rule: unknown;
    }>(
      `SELECT d.land AS own_land, d.cut_off_rule AS own_rule, s.federal_state AS check_land, w.cut_off_rule AS workspace_rule
         FROM payroll_connections c JOIN workspaces w ON w.id = c.workspace_id
         LEFT JOIN payroll_company_deadline_settings d ON d.connection_id = c.id AND d.company_id = 1001
         LEFT JOIN payroll_company_settings s ON s.connection_id = c.id AND s.company_id = 1001
        WHERE c.id = $1`,
      [connectionId],
    );
    const row = rows[0]!;
    const chosen =
      [row.own_land, row.check_land].find((value): value is Land => value !== null && isLand(value)) ?? null;
    return {
      land: chosen,
      rule: storedCutOffRule(row.own_rule) ?? storedCutOffRule(row.workspace_rule) ?? DEFAULT_CUT_OFF_RULE,
    };
  });
  const today = new Date().toISOString().slice(0, 10);
  for (let ahead = 0; ; ahead += 1) {
    const date = new Date();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + ahead);
    const period = date.toISOString().slice(0, 7);
    const day = addBankWorkingDays(cutOffDate(period, land, rule), -2, land);
    if (day > today && day.startsWith(period)) return { period, day };
  }
}

const remindersOf = (ids: string[]) =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{ user_id: string; company: number }>(
      "SELECT user_id::text, (data->>'companyId')::int AS company FROM notifications WHERE kind = 'reminder' AND user_id = ANY($1::uuid[]) ORDER BY user_id",
      [ids],
    );
    return rows;
  });

test.afterEach(removePeople);

test("2 bank working days before the cut-off exactly the clerks of the unsubmitted company get one reminder each, in the app and by e-mail; again the same day, nothing new", async ({
  page,
  mailbox,
}) => {
  test.setTimeout(120_000);
  await signInAndConnectPayroll(page);
  const { connectionId, ids } = await addPeople();
  const { period, day } = await nextReminderDay(connectionId);
  await withDatabase((client) =>
    client.query(
      `INSERT INTO month_closes (id, connection_id, company_id, period, state, updated_at) VALUES (gen_random_uuid(), $1, 1002, $2, 'in_review', now())`,
      [connectionId, period],
    ),
  );
  // 10:00 in Berlin on that day.
  const target = Date.parse(`${day}T08:00:00Z`);
  await advanceClock(Math.ceil((target - Date.now()) / 1000));
  await runJob("reminders");

  const clerks = [ids["rita.reminder@example.com"]!, ids["ralf.reminder@example.com"]!].sort();
  const everyone = Object.values(ids);
  const told = await remindersOf(everyone);
  expect(told.map((row) => row.user_id).sort()).toEqual(clerks);
  expect(told.every((row) => row.company === 1001)).toBe(true);
  const reminderMails = () => mailbox.mails.filter((mail) => /^Subject: .*not yet submitted/m.test(mail.text));
  await expect.poll(() => reminderMails().length, { timeout: 20_000 }).toBe(2);
  expect(
    reminderMails()
      .map((mail) => mail.to[0])
      .sort(),
  ).toEqual(["ralf.reminder@example.com", "rita.reminder@example.com"]);
  expect(reminderMails()[0]!.text).toContain("The firm's cut-off is");
  expect(reminderMails()[0]!.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);

  // An hour later, the same day: the run tells nobody again.
  await advanceClock(3600);
  await runJob("reminders");
  await runJob("mail-outbox");
  expect(await remindersOf(everyone)).toHaveLength(2);
  expect(reminderMails()).toHaveLength(2);

  // The one-click unsubscribe from the mail's header: a POST from anywhere, authenticated by its token alone.
  const unsubscribe = /^List-Unsubscribe: <([^>]+)>/m.exec(reminderMails()[0]!.text)![1]!;
  const answer = await fetch(unsubscribe, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://mail.example",
      "sec-fetch-site": "cross-site",
    },
    body: "List-Unsubscribe=One-Click",
  });
  expect(answer.status).toBe(200);
  const forged = await fetch(
    unsubscribe.replace(/.$/, (last) => (last === "A" ? "B" : "A")),
    { method: "POST", body: "List-Unsubscribe=One-Click" },
  );
  expect(forged.status).toBe(404);
});

test("a clerk submits: the approver's notification e-mail reaches the SMTP server; the unsubscribe page asks before it unsubscribes", async ({
  page,
  mailbox,
}) => {
  test.setTimeout(120_000);
  await signInAndConnectPayroll(page);
  await addPeople();
  await page.goto("/payroll/companies/1001/hours");
  await acknowledgeAllWarnings(page);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByRole("status", { name: "Month status" })).toHaveText("In review");
  await expect
    .poll(() => mailbox.mails.filter((mail) => mail.to[0] === "anja.approver@example.com").length, { timeout: 20_000 })
    .toBe(1);
  const mail = mailbox.mails.find((entry) => entry.to[0] === "anja.approver@example.com")!;
  expect(mail.text).toMatch(/^Subject: Bäckerei Krüger GmbH: .* submitted for review\r$/m);
  const { text } = mail;
  expect(text).toContain("It waits for your approval.");
  expect(text).toContain("/settings/notifications");
  // The link in the text opens a page that asks first: opening it changes nothing.
  const pageLink = /(http:\/\/localhost:\d+\/unsubscribe\/[A-Za-z0-9._-]+)/.exec(text)![1]!;
  await page.goto(pageLink);
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
  await expect(page.getByText("Stop e-mails about “Month submitted”?")).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Done: you get no more e-mails of this kind." }),
  ).toBeVisible();
});
