import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { signInAndConnectPayroll, withDatabase } from "./helpers";
import { test } from "./fixtures";

// Issue #38 §3, staff: an owner erases a former member's name on /settings/workspace. The dialog says
// what it destroys; afterwards the person is gone from the list and the trail shows "Erased staff
// member" where it named them. (The purge, the sessions and the chain: features/workspaces/server/staff-erasure.test.ts.)

const NAME = `Fiona Former ${randomUUID().slice(0, 6)}`;
let formerId: string | null = null;

test.afterAll(async () => {
  if (formerId)
    await withDatabase((client) => client.query("DELETE FROM erased_people WHERE user_id = $1", [formerId]));
});

test("an owner erases a former member's name; the trail shows Erased staff member", async ({ page }) => {
  const claudia = await signInAndConnectPayroll(page);
  // Someone who worked in Claudia's workspace and left it (as the trail records).
  formerId = await withDatabase(async (client) => {
    const workspace = await client.query<{ id: string }>(
      "SELECT w.id FROM workspaces w JOIN users u ON u.id = w.personal_user_id WHERE u.accounting_user_id = $1",
      [claudia.id],
    );
    const former = await client.query<{ id: string }>(
      "INSERT INTO users (id, display_name, updated_at) VALUES (gen_random_uuid(), $1, now()) RETURNING id",
      [NAME],
    );
    const id = former.rows[0]!.id;
    await client.query(
      `INSERT INTO audit_entries (workspace_id, actor_id, kind, subject_id, details)
       VALUES ($1, $2, 'member.left', $3, '{"roles":["clerk"]}')`,
      [workspace.rows[0]!.id, id, id],
    );
    return id;
  });

  await page.goto("/settings/workspace");
  const former = page.getByRole("region", { name: "Former members" });
  await expect(former).toContainText(NAME);
  await former.getByRole("button", { name: `Erase the name of ${NAME}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("can never sign in to this account again");
  await expect(dialog).toContainText("Erased staff member");
  await dialog.getByRole("button", { name: "Erase name and account" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(former).not.toContainText(NAME);

  await page.goto("/audit");
  const entries = page.getByRole("list", { name: "Audit entries" });
  await expect(entries.getByRole("listitem").filter({ hasText: "Member left" }).first()).toContainText(
    "Erased staff member",
  );
  await expect(entries.getByRole("listitem").filter({ hasText: "Former member's name erased" }).first()).toBeVisible();
  await expect(page.getByText(NAME)).toHaveCount(0);
});
