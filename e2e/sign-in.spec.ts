import { expect } from "@playwright/test";
import { APP_URL } from "../playwright.config";
import {
  authorizeAtService,
  collectConsoleErrors,
  expectNoTokenIn,
  fixtureUser,
  issuedTokens,
  recordAppResponses,
  stats,
  headerSwitcher,
  switchBusiness,
  LANDING_URL,
} from "./helpers";
import { test } from "./fixtures";

test("sign in, switch business, edit as owner, be refused as non-owner, change the last name, disconnect and sign in again", async ({
  page,
}) => {
  const alice = await fixtureUser("alice");
  const lead = alice.businesses.find((business) => business.lead)!;
  const other = alice.businesses.find((business) => !business.lead && !business.owner)!;
  const errors = collectConsoleErrors(page, APP_URL);
  const responses = recordAppResponses(page, APP_URL);

  await page.goto("/");
  await page.getByRole("button", { name: /Sign in/ }).click();
  // No country remembered yet: the service asks for it.
  await expect(page.getByRole("heading", { name: "Choose your country" })).toBeVisible();
  await authorizeAtService(page, alice, { country: "United Kingdom" });

  // Alice owns her workspace and its first-run checklist is not done (it has no payroll
  // connection): she lands on the checklist, on the overview (features/sign-in/server/landing.ts).
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("region", { name: "Getting started" })).toBeVisible();
  await page.goto("/businesses");
  // The switcher shows the business's full name.
  const switcher = headerSwitcher(page, "Business");
  await expect(switcher).toHaveText(lead.name);
  await expect(page.getByRole("listitem").filter({ hasText: lead.name })).toContainText("Lead business");

  // Switch business: the choice is kept for the person.
  await switchBusiness(page, other.name);
  await expect(page.getByRole("listitem").filter({ hasText: other.name })).toContainText("(current)");
  await page.reload();
  await expect(switcher).toHaveText(other.name);

  // Edit as owner, with field-level errors from the shared schema.
  await page.getByRole("link", { name: lead.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(lead.name);
  await expect(page.getByText("Accounting Standard does not include every feature", { exact: false })).toBeVisible();
  await expect(page.getByText("Stock items and movements: Not included in this product tier")).toBeVisible();
  await page.getByLabel("Website").fill("not a web address");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a web address starting with http:// or https://.")).toBeVisible();
  await page.getByLabel("Website").fill("https://hartley-joinery.example.com");
  await page.getByLabel("Mobile").fill("07700 900999");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(page.getByLabel("Mobile")).toHaveValue("07700 900999");

  // Refused as non-owner: read-only, with the reason.
  await page.goto(`/businesses/${other.id}`);
  await expect(page.getByRole("note")).toContainText("only the business owner");
  await expect(page.getByLabel("Mobile")).toHaveAttribute("readonly", "");
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);

  // Change the last name.
  await page.goto("/user");
  await page.getByLabel("Last name", { exact: true }).fill("Hartley-Smith");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await expect(page.locator("dd", { hasText: "Hartley-Smith" })).toBeVisible();

  // Disconnect: the service counts one revocation.
  const before = await stats();
  await page.goto("/settings/connection");
  await expect(page.locator("dd").first()).toHaveText("Connected");
  await expect(page.getByText("Full access", { exact: true })).toBeVisible();
  // It asks first, saying what happens; Cancel changes nothing.
  await page.getByRole("button", { name: "Disconnect" }).click();
  const confirm = page.getByRole("dialog", { name: "Disconnect the accounting service?" });
  await expect(confirm).toContainText("stored tokens are deleted");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect((await stats()).revoke - before.revoke).toBe(0);
  await page.getByRole("button", { name: "Disconnect" }).click();
  await confirm.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByRole("status")).toContainText("Disconnected");
  await expect(page.locator("dd").first()).toHaveText("Not connected");
  expect((await stats()).revoke - before.revoke).toBe(1);

  // Sign in again: the country is remembered, so the service skips its country page.
  await page.getByRole("button", { name: /Sign in again/ }).click();
  await authorizeAtService(page, alice);
  await expect(page).toHaveURL(/\/settings\/connection$/);
  await expect(page.locator("dd").first()).toHaveText("Connected");

  // Back to the lead business, so the next run starts as this one did.
  await switchBusiness(page, lead.name);
  await expect(headerSwitcher(page, "Business")).toHaveText(lead.name);

  expect(errors).toEqual([]);
  await expectNoTokenIn(await responses(), await issuedTokens());
});

test("denying consent says so clearly and signs nobody in", async ({ page }) => {
  const alice = await fixtureUser("alice");
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with your accounting account" }).click();
  await authorizeAtService(page, alice, { country: "United Kingdom", decision: "Deny" });
  await expect(page).toHaveURL(/\/sign-in\?error=access_denied/);
  await expect(page.locator("main").getByRole("alert")).toContainText(
    "You did not allow Ledgerlane to access your accounting data",
  );
  expect((await stats()).token.authorization_code).toBe(0);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
});

test("read-only access shows what cannot be changed, and why", async ({ page }) => {
  const dara = await fixtureUser("dara");
  await page.goto("/sign-in");
  await page.getByLabel("Read only: Ledgerlane can read but not change anything").check();
  await page.getByRole("button", { name: "Sign in with your accounting account" }).click();
  await authorizeAtService(page, dara, { country: "Ireland" });
  await expect(page).toHaveURL(LANDING_URL);
  const owned = dara.businesses.find((business) => business.owner)!;
  await page.goto(`/businesses/${owned.id}`);
  await expect(page.getByRole("note")).toContainText("Your connection is read only");
  await page.goto("/settings/connection");
  await expect(page.getByText("Read only", { exact: true })).toBeVisible();
});

test("sign-out revokes the connection and ends the session", async ({ page }) => {
  const alice = await fixtureUser("alice");
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with your accounting account" }).click();
  await authorizeAtService(page, alice, { country: "United Kingdom" });
  await expect(page).toHaveURL(LANDING_URL);
  const before = await stats();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: /Sign in/ })).toBeVisible();
  expect((await stats()).revoke - before.revoke).toBe(1);
  const session = await page.request.get("/api/auth/session");
  expect(await session.json()).not.toHaveProperty("user");
  expect((await page.request.get("/api/accounting/user")).status()).toBe(401);
});
