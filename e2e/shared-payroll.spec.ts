import { expect, type Page } from "@playwright/test";
import {
  authorizeAtService,
  control,
  fixtureUser,
  signInAndConnectPayroll,
  withDatabase,
  type FixtureUser,
  THOMAS_KEY,
  LANDING_URL,
} from "./helpers";
import { test } from "./fixtures";

// Payroll is the workspace's: an owner's connection and drafts are shared with the members they
// invite, according to their roles. A clerk works on them; a viewer reads them only.

const COMPANY = 1001;

const cell = (page: Page, employee: number, column: string, line = 1) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="${line}"] [role="gridcell"][data-col="${column}"]`,
  );

// The app's database outlives the sandbox's reset: everyone in their own workspace only, before and after.
test.use({ payrollCompany: COMPANY, ownWorkspacesOnly: ["claudia", "alice", "dara"] });

/** The second customer this spec adds to Claudia's workspace (the other payroll specs expect one). */
async function withoutSecondCustomer() {
  const claudia = await fixtureUser("claudia");
  await withDatabase((client) =>
    client.query(
      `DELETE FROM payroll_connections c USING workspaces w, users u WHERE c.workspace_id = w.id AND w.personal_user_id = u.id AND u.accounting_user_id = $1 AND c.username = 'Thomas Albrecht'`,
      [claudia.id],
    ),
  );
}

test.beforeEach(withoutSecondCustomer);
test.afterEach(withoutSecondCustomer);

async function signIn(page: Page, person: FixtureUser, country: string) {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await authorizeAtService(page, person, { country });
  await expect(page).toHaveURL(LANDING_URL);
}

/** The owner's invitation link for exactly these roles (the form preselects some). */
async function invite(owner: Page, roles: string[]): Promise<string> {
  await owner.goto("/settings/workspace");
  const group = owner.getByRole("group", { name: "Roles of the invited person" });
  for (const role of ["Owner", "Clerk", "Approver", "Viewer"]) {
    const box = group.getByLabel(role);
    if (roles.includes(role)) await box.check();
    else await box.uncheck();
  }
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

test("a clerk sees and edits the owner's payroll connection and hours draft; a viewer reads them only", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [alice, dara] = [await fixtureUser("alice"), await fixtureUser("dara")];
  const owner = await (await browser.newContext()).newPage();
  const clerk = await (await browser.newContext()).newPage();
  const viewer = await (await browser.newContext()).newPage();

  // The owner connects the payroll customer and leaves an hours draft.
  await signInAndConnectPayroll(owner);
  await owner.goto(`/payroll/companies/${COMPANY}/hours`);
  await cell(owner, 1, "type").click();
  await owner.keyboard.type("Hourly wage");
  await owner.keyboard.press("Tab");
  await owner.keyboard.type("8");
  await owner.keyboard.press("Enter");
  await expect(owner.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 10_000 });

  // A clerk joins by link and, in that workspace, finds the connection and the draft.
  const clerkLink = await invite(owner, ["Clerk"]);
  await signIn(clerk, alice, "United Kingdom");
  await join(clerk, clerkLink);
  await clerk.goto("/payroll");
  await expect(clerk.getByText("Connected as Sabine Krüger")).toBeVisible();
  // Connections are the owner's to manage.
  await expect(clerk.getByRole("button", { name: "Disconnect" })).toHaveCount(0);
  await expect(clerk.getByRole("button", { name: "Delete all payroll data" })).toHaveCount(0);
  await clerk.getByRole("link", { name: "Bäckerei Krüger GmbH" }).click();
  await expect(clerk.getByRole("link", { name: "Onboard an employee" })).toBeVisible();
  await clerk.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(cell(clerk, 1, "type")).toHaveText("Hourly wage");
  await expect(cell(clerk, 1, "total_hours")).toHaveText(/^8/);
  // The clerk edits the shared draft.
  await cell(clerk, 2, "type").click();
  await clerk.keyboard.type("Hourly wage");
  await clerk.keyboard.press("Enter");
  await expect(clerk.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 10_000 });
  await expect(clerk.getByRole("toolbar", { name: "Hours" })).toBeVisible();

  // A viewer joins and reads the same draft, read only.
  const viewerLink = await invite(owner, ["Viewer"]);
  await signIn(viewer, dara, "Ireland");
  await join(viewer, viewerLink);
  await viewer.goto("/payroll");
  await expect(viewer.getByText("Connected as Sabine Krüger")).toBeVisible();
  await expect(viewer.getByRole("note")).toContainText("read only");
  await expect(viewer.getByRole("button", { name: "Disconnect" })).toHaveCount(0);
  await viewer.goto(`/payroll/companies/${COMPANY}`);
  await expect(viewer.getByText("Your role in this workspace reads only")).toBeVisible();
  await expect(viewer.getByRole("link", { name: /Onboard/ })).toHaveCount(0);
  await expect(viewer.getByRole("link", { name: /Import/ })).toHaveCount(0);

  await viewer.goto(`/payroll/companies/${COMPANY}/hours`);
  const grid = viewer.getByRole("grid");
  await expect(grid).toHaveAttribute("aria-readonly", "true");
  await expect(cell(viewer, 1, "type")).toHaveText("Hourly wage");
  await expect(cell(viewer, 2, "type")).toHaveText("Hourly wage");
  await expect(viewer.getByRole("toolbar", { name: "Hours" })).toHaveCount(0);
  // Nothing here sends (the month close does, and not for a viewer); the comparison only shows.
  await expect(viewer.getByRole("button", { name: /^Transfer/ })).toHaveCount(0);
  await expect(viewer.getByText("Read only: editing needs the clerk or owner role in this workspace.")).toBeVisible();
  // Typing (keyboard) changes nothing.
  await cell(viewer, 3, "type").click();
  await viewer.keyboard.type("Overtime");
  await viewer.keyboard.press("Enter");
  await expect(cell(viewer, 3, "type")).toHaveText("");
  // And the server refuses a viewer's write in the envelope.
  const { current_month: period } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  const refused = await viewer.request.put(`/api/payroll/companies/${COMPANY}/entries/hours/draft`, {
    data: { period, lines: [] },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ ok: false, error: { code: "forbidden" } });

  // The owner adds a second payroll customer to the workspace; the clerk reaches its companies too.
  await owner.goto("/payroll");
  await owner.getByRole("button", { name: "Add another payroll customer" }).click();
  await owner.getByLabel("API key").fill(THOMAS_KEY);
  await owner.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(owner.getByText("Connected as Thomas Albrecht")).toBeVisible();
  await expect(owner.getByText("Connected as Sabine Krüger")).toBeVisible();
  await expect(owner.getByRole("link", { name: "Albrecht Logistik GmbH" })).toBeVisible();
  await owner.getByRole("button", { name: "Work on Sabine Krüger" }).click();
  await expect(owner.getByRole("link", { name: "Bäckerei Krüger GmbH" })).toBeVisible();
  await clerk.goto("/payroll/companies/2001/hours");
  await expect(clerk.getByRole("heading", { level: 1 })).toHaveText("Hours: Albrecht Logistik GmbH");
  await clerk.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(cell(clerk, 1, "type")).toHaveText("Hourly wage");

  // At 390 px the read-only page still fits: the notice and the grid are there.
  await viewer.setViewportSize({ width: 390, height: 800 });
  await viewer.reload();
  await expect(viewer.getByText(/Read only: editing needs/)).toBeVisible();
  await expect(viewer.getByRole("grid")).toBeVisible();
});
