import { expect, type Page } from "@playwright/test";
import {
  acknowledgeAllWarnings,
  authorizeAtService,
  fixtureUser,
  LANDING_URL,
  reopenMonth,
  signInAndConnectPayroll,
  withDatabase,
  type FixtureUser,
} from "./helpers";
import { test } from "./fixtures";

// In-app notifications, live across people's open pages: a clerk submits, the approver's open page
// shows it at once (the header's count and the list); the approver reopens with a reason and the
// clerk's open page is told, with the reason.

const COMPANY = 1001;
const PEOPLE = ["claudia", "alice", "dara"];

test.use({ payrollCompany: COMPANY, ownWorkspacesOnly: PEOPLE });

const clearNotifications = async () => {
  const ids = await Promise.all(PEOPLE.map(async (prefix) => (await fixtureUser(prefix)).id));
  await withDatabase((client) =>
    client.query(
      "DELETE FROM notifications WHERE user_id IN (SELECT id FROM users WHERE accounting_user_id = ANY($1))",
      [ids],
    ),
  );
};
test.beforeEach(clearNotifications);
test.afterEach(clearNotifications);

async function signIn(page: Page, person: FixtureUser, country: string) {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await authorizeAtService(page, person, { country });
  // An owner whose first-run checklist is not done lands on it (/overview); who is, depends on the specs run before.
  await expect(page).toHaveURL(LANDING_URL);
}

async function invite(owner: Page, role: string): Promise<string> {
  await owner.goto("/settings/workspace");
  const group = owner.getByRole("group", { name: "Roles of the invited person" });
  for (const name of ["Owner", "Clerk", "Approver", "Viewer"]) await group.getByLabel(name).setChecked(name === role);
  await owner.getByRole("button", { name: "Create invitation" }).click();
  const link = owner.getByLabel("Invitation link");
  await expect(link).toHaveAttribute("readonly", "");
  return link.inputValue();
}

async function join(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page).toHaveURL(/\/overview$/);
}

const bell = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Notifications/ });
const monthStatus = (page: Page) => page.getByRole("status", { name: "Month status" });

test("a clerk submits: the approver's open page shows it live; the approver reopens with a reason and the clerk is told", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [alice, dara] = [await fixtureUser("alice"), await fixtureUser("dara")];
  const owner = await (await browser.newContext()).newPage();
  const clerk = await (await browser.newContext()).newPage();
  const approver = await (await browser.newContext()).newPage();

  await signInAndConnectPayroll(owner);
  const clerkLink = await invite(owner, "Clerk");
  await signIn(clerk, alice, "United Kingdom");
  await join(clerk, clerkLink);
  const approverLink = await invite(owner, "Approver");
  await signIn(approver, dara, "Ireland");
  await join(approver, approverLink);
  // The owner is told that each accepted the invitation.
  await owner.goto("/notifications");
  await expect(owner.getByRole("list", { name: "Notifications" }).getByRole("listitem")).toHaveCount(2);
  await expect(bell(owner)).toHaveAccessibleName("Notifications, 2 unread");

  // The approver has their notifications open; nothing yet.
  await approver.goto("/notifications");
  await expect(bell(approver)).toHaveAccessibleName("Notifications, none unread");
  const approverList = approver.getByRole("list", { name: "Notifications" });

  // The clerk enters a line and submits.
  await clerk.goto(`/payroll/companies/${COMPANY}/hours`);
  const cell = clerk.locator(
    '[role="row"][data-employee="1"][data-line-number="1"] [role="gridcell"][data-col="type"]',
  );
  await cell.click();
  await clerk.keyboard.type("Hourly wage");
  await clerk.keyboard.press("Tab");
  await clerk.keyboard.type("8");
  await clerk.keyboard.press("Enter");
  await expect(clerk.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 10_000 });
  await acknowledgeAllWarnings(clerk);
  await clerk.getByRole("button", { name: "Submit for review" }).click();
  await expect(monthStatus(clerk)).toHaveText("In review");

  // Live on the approver's open page: the header's count and the list, no reload.
  await expect(bell(approver)).toHaveAccessibleName("Notifications, 1 unread");
  const submitted = approverList.getByRole("link", { name: /submitted Bäckerei Krüger GmbH, \w+ \d{4} for review\.$/ });
  await expect(submitted).toBeVisible();
  // The clerk is not told of their own step.
  await clerk.goto("/notifications");
  await expect(bell(clerk)).toHaveAccessibleName("Notifications, none unread");

  // The entry leads to the month; following it marks it read.
  await submitted.click();
  await expect(approver).toHaveURL(new RegExp(`/payroll/companies/${COMPANY}/review\\?month=\\d{4}-\\d{2}$`));
  await expect(bell(approver)).toHaveAccessibleName("Notifications, none unread");
  await approver.goto(`/payroll/companies/${COMPANY}/hours`);
  await approver.getByRole("button", { name: "Approve" }).click();
  await expect(monthStatus(approver)).toHaveText("Approved");
  await reopenMonth(approver, "Employee 1 worked 9 hours, not 8");

  // The clerk's open page: told of the approval and of the reopening, with its reason.
  await expect(bell(clerk)).toHaveAccessibleName("Notifications, 2 unread");
  const clerkList = clerk.getByRole("list", { name: "Notifications" });
  await expect(
    clerkList.getByRole("link", { name: /reopened Bäckerei Krüger GmbH, .*: “Employee 1 worked 9 hours, not 8”$/ }),
  ).toBeVisible();
  await expect(clerkList.getByRole("link", { name: /approved Bäckerei Krüger GmbH/ })).toBeVisible();
  await clerk.getByRole("button", { name: "Mark all read" }).click();
  await expect(bell(clerk)).toHaveAccessibleName("Notifications, none unread");
});

test("preferences: per kind In the app and By e-mail, and single mails or a daily digest, kept", async ({ page }) => {
  await signInAndConnectPayroll(page);
  await page.goto("/settings/notifications");
  const submitted = page.getByRole("group", { name: "A month submitted for your review" });
  await expect(submitted.getByRole("checkbox", { name: "In the app" })).toBeChecked();
  await expect(submitted.getByRole("checkbox", { name: "By e-mail" })).toBeChecked();
  await submitted.getByRole("checkbox", { name: "By e-mail" }).uncheck();
  await page.getByRole("radio", { name: "One daily digest of the day's notifications" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("group", { name: "A month submitted for your review" }).getByRole("checkbox", { name: "By e-mail" }),
  ).not.toBeChecked();
  await expect(page.getByRole("radio", { name: "One daily digest of the day's notifications" })).toBeChecked();
  // Back to the defaults for the other specs.
  const claudia = await fixtureUser("claudia");
  await withDatabase(async (client) => {
    await client.query(
      "DELETE FROM notification_preferences WHERE user_id = (SELECT id FROM users WHERE accounting_user_id = $1)",
      [claudia.id],
    );
    await client.query("UPDATE users SET notification_mail_mode = 'single' WHERE accounting_user_id = $1", [
      claudia.id,
    ]);
  });
});

test("Mark read by keyboard keeps focus on the list: the next unread one's button, then the list itself", async ({
  page,
}) => {
  const claudia = await fixtureUser("claudia");
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await authorizeAtService(page, claudia, { country: "Germany" });
  await expect(page).toHaveURL(LANDING_URL);
  // Three accepted invitations, newest first: Ben, Ann, Cem; Ann's read already.
  await withDatabase((client) =>
    client.query(
      `INSERT INTO notifications (user_id, workspace_id, kind, dedupe_key, data, link, created_at, read_at)
       SELECT u.id, w.id, 'invitation_accepted', 'focus-test:' || x.name || ':' || u.id, json_build_object('memberName', x.name, 'workspaceName', w.name),
              '/settings/workspace', now() - x.age * interval '1 minute', CASE WHEN x.name = 'Ann' THEN now() END
         FROM users u JOIN workspaces w ON w.personal_user_id = u.id
         CROSS JOIN (VALUES ('Ben', 1), ('Ann', 2), ('Cem', 3)) AS x(name, age)
        WHERE u.accounting_user_id = $1`,
      [claudia.id],
    ),
  );
  await page.goto("/notifications");
  const list = page.getByRole("list", { name: "Notifications" });
  const markRead = (name: string) => list.getByRole("button", { name: new RegExp(`^Mark read: ${name} accepted`) });
  await expect(list.getByRole("button", { name: /^Mark read: / })).toHaveCount(2);
  // The first try does not reach the server: the error is said and focus comes back to the button.
  await page.route("**/api/notifications/*/read", (route) => route.abort("connectionfailed"), { times: 1 });
  await markRead("Ben").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main").getByText("The server could not be reached.")).toBeVisible();
  await expect(markRead("Ben")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(markRead("Ben")).toHaveCount(0);
  // Past the read one (Ann's has no button) to the next unread.
  await expect(markRead("Cem")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(markRead("Cem")).toHaveCount(0);
  await expect(list).toBeFocused();
  await expect(bell(page)).toHaveAccessibleName("Notifications, none unread");
});
