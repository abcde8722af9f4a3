import { expect, type Page } from "@playwright/test";
import { APP_URL } from "../playwright.config";
import { authorizeAtService, fixtureUser, LANDING_URL, withDatabase } from "./helpers";
import { test } from "./fixtures";
import { addVirtualAuthenticator } from "./virtual-authenticator";

// Passkeys with Chromium's virtual authenticator (CDP WebAuthn): added at /settings/security, then
// signed in with on /sign-in after signing out; and a workspace requiring passkeys leads a member
// without one to the gate page first.

test.use({ ownWorkspacesOnly: ["alice"] });

const forgetAlicesPasskeys = () =>
  withDatabase(async (client) => {
    await client.query(`DELETE FROM passkeys p USING users u WHERE p.user_id = u.id AND u.email LIKE 'alice%'`);
    await client.query(`UPDATE workspaces SET require_passkey = false WHERE require_passkey`);
  });

test.beforeEach(forgetAlicesPasskeys);
test.afterEach(forgetAlicesPasskeys);

async function signInAsAlice(page: Page): Promise<void> {
  const alice = await fixtureUser("alice");
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await authorizeAtService(page, alice, { country: "United Kingdom" });
  await expect(page).toHaveURL(LANDING_URL);
}

async function addPasskey(page: Page, name: string): Promise<void> {
  await page.getByLabel("Name of the new passkey").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
}

test("a person adds a passkey, renames it, signs out and signs in with it", async ({ page }) => {
  await addVirtualAuthenticator(page);
  await signInAsAlice(page);
  await page.goto("/settings/security");
  const list = page.getByRole("list", { name: "Passkeys" });
  await addPasskey(page, "Laptop");
  await expect(list.getByRole("listitem").filter({ hasText: "Laptop" })).toBeVisible();
  await list.getByRole("button", { name: "Rename Laptop" }).click();
  await page.getByLabel("New name for Laptop").fill("Work laptop");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(list.getByRole("listitem").filter({ hasText: "Work laptop" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out", exact: true }).first().click();
  // Signed out once the header offers signing in again (a navigation started before that would be cut off).
  await expect(page.getByRole("button", { name: /Sign in/ }).first()).toBeVisible();
  // A destination the browser would read as another host (it drops the tab: "//evil.example/x")
  // is not followed: the passkey sign-in stays on the app (issue 35, an open redirect).
  await page.goto("/sign-in?callbackUrl=%2F%09%2Fevil.example%2Fx");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  expect(new URL(page.url()).host).toBe(new URL(APP_URL).host);
  await page.goto("/settings/security");
  await expect(page.getByRole("list", { name: "Sessions" }).getByText("with a passkey")).toBeVisible();
  await expect(list.getByRole("listitem").filter({ hasText: "Work laptop" })).toContainText("Last used");
});

test("with passkeys required, a member without one is led to add one before the app", async ({ page }) => {
  await addVirtualAuthenticator(page);
  await signInAsAlice(page);
  await page.goto("/settings/workspace");
  await page.getByRole("checkbox", { name: "Require a passkey of every member" }).check();
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.goto("/businesses");
  await expect(page).toHaveURL(/\/passkey-required$/);
  await expect(page.getByRole("heading", { name: "Add a passkey to continue" })).toBeVisible();
  // The API holds the requirement too (issue 35): 403 passkey_required, but adding one is open.
  const refused = await page.request.get("/api/notifications");
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("passkey_required");
  expect((await page.request.get("/api/passkeys")).status()).toBe(200);
  await page.goto("/settings/security");
  await expect(page).toHaveURL(/\/passkey-required$/);
  await addPasskey(page, "Phone");
  await expect(page).not.toHaveURL(/\/passkey-required/);
  await page.goto("/businesses");
  await expect(page).toHaveURL(/\/businesses$/);
});
