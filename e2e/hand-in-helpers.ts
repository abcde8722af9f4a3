import { expect, type Page } from "@playwright/test";
import { fixtureUser, withDatabase } from "./helpers";

// Hand in and send back (issue #28), for the specs: the client's and the firm's steps on a grid
// page (hours or payments) in English or German, and a month handed in through the database as
// the client's Hand in leaves it (for a spec that plays only the firm).

const status = (page: Page) => page.getByRole("status", { name: /^(Month status|Monatsstatus)$/ });

/**
 * The client hands the month in on a grid page: `Hand in`, confirmed in its dialog, then `Month status` reads Handed in.
 */
export async function handInAsClient(page: Page): Promise<void> {
  await expect(status(page)).toHaveText(/^(Open|Offen)$/);
  await page.getByRole("button", { name: /^(Hand in|Übergeben)$/ }).click();
  // It asks first, naming the cut-off and the open checks (features/month-close/components/hand-in-dialog.tsx).
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: /^(Hand in the month|Monat übergeben)$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(status(page)).toHaveText(/^(Handed in|Übergeben)$/);
  // The client's part is done: the grid takes no more of their edits.
  await expect(page.getByRole("grid").first()).toHaveAttribute("aria-readonly", "true");
}

/** The firm sends a handed-in month back with `reason` (the dialog's reason field), then it is Open again. */
export async function sendBackAsFirm(page: Page, reason: string): Promise<void> {
  await page.getByRole("button", { name: /^(Send back|Zurückgeben)$/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^(Reason for sending it back|Grund für die Rückgabe)$/).fill(reason);
  await dialog.getByRole("button", { name: /^(Send the month back|Monat zurückgeben)$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(status(page)).toHaveText(/^(Open|Offen)$/);
}

/** After a send-back, on a grid page: Open again, with the reason, who sent it back and when. */
export async function expectSentBack(page: Page, reason: string, by?: string): Promise<void> {
  await expect(status(page)).toHaveText(/^(Open|Offen)$/);
  const notice = page.getByTestId("sent-back-notice");
  await expect(notice).toContainText(/The firm sent this month back|Die Kanzlei hat diesen Monat zurückgegeben/);
  await expect(notice).toContainText(reason);
  if (by) await expect(notice).toContainText(by);
}

/**
 * A client of Claudia's workspace (the one holding Sabine Krüger's connection) with `companyId`,
 * and the company's month `period` handed in by them, as Hand in stores it. Returns the client's
 * user id (deleted again by `removeClient`).
 */
export async function monthHandedInThroughDatabase(
  companyId: number,
  period: string,
  clientName: string,
): Promise<string> {
  const claudia = await fixtureUser("claudia");
  return await withDatabase(async (client) => {
    const { rows } = await client.query<{ connection_id: string; workspace_id: string }>(
      `SELECT pc.id AS connection_id, pc.workspace_id FROM payroll_connections pc
       JOIN payroll_companies c ON c.connection_id = pc.id AND c.company_id = $1
       JOIN workspace_members m ON m.workspace_id = pc.workspace_id
       JOIN users u ON u.id = m.user_id AND u.accounting_user_id = $2
       WHERE pc.api_key_encrypted IS NOT NULL LIMIT 1`,
      [companyId, claudia.id],
    );
    const found = rows[0];
    if (!found)
      throw new Error("Claudia's workspace has no connection with this company: connect the payroll service first.");
    const user = await client.query<{ id: string }>(
      "INSERT INTO users (id, display_name, locale, updated_at) VALUES (gen_random_uuid(), $1, 'de', now()) RETURNING id",
      [clientName],
    );
    const userId = user.rows[0]!.id;
    await client.query("INSERT INTO workspace_members (workspace_id, user_id, roles) VALUES ($1, $2, '{client}')", [
      found.workspace_id,
      userId,
    ]);
    await client.query(
      "INSERT INTO workspace_member_companies (workspace_id, user_id, connection_id, company_id) VALUES ($1, $2, $3, $4)",
      [found.workspace_id, userId, found.connection_id, companyId],
    );
    await client.query(
      `INSERT INTO month_closes (id, connection_id, company_id, period, state, handed_in_by_id, handed_in_by_name, handed_in_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, 'handed_in', $4, $5, now(), now())
       ON CONFLICT (connection_id, company_id, period) DO UPDATE
       SET state = 'handed_in', handed_in_by_id = $4, handed_in_by_name = $5, handed_in_at = now(), updated_at = now()`,
      [found.connection_id, companyId, period, userId, clientName],
    );
    return userId;
  });
}

/** Removes a client made by monthHandedInThroughDatabase (their membership and companies go with them). */
export async function removeClient(userId: string): Promise<void> {
  await withDatabase((client) => client.query("DELETE FROM users WHERE id = $1", [userId]));
}

/** The month's row as stored, for a spec's check after the page said so. */
export async function storedMonth(
  companyId: number,
  period: string,
): Promise<
  | { state: string; sent_back_reason: string | null; sent_back_by_name: string | null; sent_back_at: Date | null }
  | undefined
> {
  return await withDatabase(async (client) => {
    const { rows } = await client.query<{
      state: string;
      sent_back_reason: string | null;
      sent_back_by_name: string | null;
      sent_back_at: Date | null;
    }>(
      "SELECT state::text, sent_back_reason, sent_back_by_name, sent_back_at FROM month_closes WHERE company_id = $1 AND period = $2",
      [companyId, period],
    );
    return rows[0];
  });
}
