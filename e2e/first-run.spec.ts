import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { encode } from "next-auth/jwt";
import { APP_URL } from "../playwright.config";
import { test } from "./fixtures";
import { withDatabase } from "./helpers";

// A new firm's owner finds a checklist on /overview (name the workspace, connect payroll, each
// company's Land, a colleague, a client), each step a link to where it is done and ticked once it
// is, in words for a screen reader too; a clerk of the same firm sees none.

/** A new firm (a workspace of its own) with one member of `role`, signed in by the cookie the app sets. */
async function newFirmMember(role: "owner" | "clerk", workspaceId?: string) {
  return withDatabase(async (client) => {
    const run = randomUUID().slice(0, 8);
    const workspace =
      workspaceId ??
      (
        await client.query<{ id: string }>(
          "INSERT INTO workspaces (id, name) VALUES (gen_random_uuid(), $1) RETURNING id",
          [`Kanzlei ${run}`],
        )
      ).rows[0]!.id;
    const user = (
      await client.query<{ id: string }>(
        "INSERT INTO users (id, display_name, active_workspace_id, updated_at) VALUES (gen_random_uuid(), $1, $2, now()) RETURNING id",
        [`First run ${run} ${role}`, workspace],
      )
    ).rows[0]!.id;
    await client.query(
      `INSERT INTO workspace_members (workspace_id, user_id, roles) VALUES ($1, $2, ARRAY[$3]::"WorkspaceRole"[])`,
      [workspace, user, role],
    );
    const session = (
      await client.query<{ id: string }>(
        "INSERT INTO sessions (id, user_id, expires_at) VALUES (gen_random_uuid(), $1, now() + interval '1 day') RETURNING id",
        [user],
      )
    ).rows[0]!.id;
    const value = await encode({
      token: { uid: user, sid: session },
      secret: process.env.E2E_NEXTAUTH_SECRET!,
      maxAge: 86_400,
    });
    return { workspace, cookie: { name: "ledgerlane.session", value, url: APP_URL } };
  });
}

test("a new firm's owner ticks the first-run checklist step by step; a clerk sees none", async ({ browser }) => {
  const owner = await newFirmMember("owner");
  const context = await browser.newContext({ locale: "en-GB" });
  await context.addCookies([owner.cookie]);
  const page = await context.newPage();
  await page.goto("/overview");
  const checklist = page.getByRole("region", { name: "Getting started" });
  await expect(checklist).toBeVisible();
  const steps = checklist.getByRole("listitem");
  await expect(steps).toHaveText([
    /Name the workspace\s*To do/,
    /Connect payroll\s*To do/,
    /Set each company's Land\s*To do/,
    /Invite a colleague\s*To do/,
    /Invite a client\s*To do/,
  ]);
  await expect(checklist.getByRole("link", { name: "Connect payroll" })).toHaveAttribute("href", "/payroll");

  // Named from its link, by keyboard: the step is ticked.
  await checklist.getByRole("link", { name: "Name the workspace" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/settings\/workspace$/);
  await page.getByLabel("Workspace name").fill("Hartmann Lohnbüro");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Renamed: every member now sees “Hartmann Lohnbüro”.")).toBeVisible();
  await page.goto("/overview");
  await expect(steps.first()).toHaveText(/Name the workspace\s*Done/);
  await expect(steps.nth(3)).toHaveText(/Invite a colleague\s*To do/);

  // A colleague joins (here straight into the database): ticked; and that colleague, a clerk, sees no checklist.
  const clerk = await newFirmMember("clerk", owner.workspace);
  await page.reload();
  await expect(steps.nth(3)).toHaveText(/Invite a colleague\s*Done/);
  const clerkContext = await browser.newContext({ locale: "en-GB" });
  await clerkContext.addCookies([clerk.cookie]);
  const clerkPage = await clerkContext.newPage();
  await clerkPage.goto("/overview");
  await expect(clerkPage.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await expect(clerkPage.getByRole("region", { name: "Getting started" })).toHaveCount(0);
  await clerkContext.close();

  // German.
  await context.addCookies([{ name: "locale", value: "de", url: APP_URL }]);
  await page.reload();
  await expect(page.getByRole("region", { name: "Erste Schritte" }).getByRole("listitem").first()).toHaveText(
    /Arbeitsbereich benennen\s*Erledigt/,
  );
  await context.close();
});
