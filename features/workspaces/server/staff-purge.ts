import "server-only";
import { Prisma } from "@/lib/db/generated/client";

type Tx = Prisma.TransactionClient;

/** What a purged name reads as (as the employees' erasure writes it, docs/erasure.md). */
const ERASED = "[erased]";

/**
 * The copies of a staff member's name outside their own rows (which go with their `users` row):
 * the month close's and transfers' "by" names (by id where the row keeps one, else by the name),
 * other people's notifications, digest items and stored mails naming them, webhook bodies naming
 * them. Never an append-only row. `name` is the name as `users` held it (null: only the by-id places).
 * Texts are searched among the firms the person worked in (this workspace and those they are still a
 * member of, alone): another firm's mail about someone of the same name is not this erasure's.
 * Answers the rows touched, by table.
 */
export async function purgeStaffName(
  tx: Tx,
  userId: string,
  name: string | null,
  workspaceId: string,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const same = name ?? "\u0000";
  const like = `%${(name ?? "\u0000").toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  counts.month_closes = await tx.$executeRaw`
    UPDATE month_closes SET
       submitted_by_name = CASE WHEN submitted_by_id = ${userId}::uuid OR submitted_by_name = ${same} THEN ${ERASED} ELSE submitted_by_name END,
       approved_by_name = CASE WHEN approved_by_id = ${userId}::uuid OR approved_by_name = ${same} THEN ${ERASED} ELSE approved_by_name END,
       handed_in_by_name = CASE WHEN handed_in_by_id = ${userId}::uuid OR handed_in_by_name = ${same} THEN ${ERASED} ELSE handed_in_by_name END,
       reopened_by_name = CASE WHEN reopened_by_name = ${same} THEN ${ERASED} ELSE reopened_by_name END,
       sent_back_by_name = CASE WHEN sent_back_by_name = ${same} THEN ${ERASED} ELSE sent_back_by_name END,
       transfer_started_by_name = CASE WHEN transfer_started_by_name = ${same} THEN ${ERASED} ELSE transfer_started_by_name END
     WHERE submitted_by_id = ${userId}::uuid OR approved_by_id = ${userId}::uuid OR handed_in_by_id = ${userId}::uuid
        OR ${same} IN (submitted_by_name, approved_by_name, handed_in_by_name, reopened_by_name, sent_back_by_name, transfer_started_by_name)`;
  counts.month_close_acknowledgements = await tx.$executeRaw`
    UPDATE month_close_acknowledgements SET user_name = ${ERASED} WHERE user_id = ${userId}::uuid AND user_name <> ${ERASED}`;
  counts.month_close_rereads = await tx.$executeRaw`
    UPDATE month_close_rereads SET user_name = ${ERASED} WHERE user_id = ${userId}::uuid AND user_name <> ${ERASED}`;
  counts.payroll_entry_transfers = await tx.$executeRaw`
    UPDATE payroll_entry_transfers SET user_name = ${ERASED} WHERE user_id = ${userId}::uuid AND user_name <> ${ERASED}`;
  counts.datev_exports = await tx.$executeRaw`
    UPDATE datev_exports SET user_name = ${ERASED} WHERE user_id = ${userId}::uuid AND user_name <> ${ERASED}`;
  // Mail to them: its address and text are theirs (unsent mail is not sent any more).
  counts.mail_outbox_to_them = await tx.$executeRaw`DELETE FROM mail_outbox WHERE user_id = ${userId}::uuid`;
  if (name === null) return counts;
  const firms = Prisma.sql`(SELECT ${workspaceId}::uuid UNION SELECT workspace_id FROM workspace_members WHERE user_id = ${userId}::uuid)`;
  const members = Prisma.sql`(SELECT user_id FROM workspace_members WHERE workspace_id IN ${firms})`;
  // Other people's stored texts: the name as an event's actor or member, or inside a mail or webhook body.
  counts.notifications = await tx.$executeRaw`
    UPDATE notifications SET data = data - 'actorName' - 'memberName'
     WHERE workspace_id IN ${firms} AND (data->>'actorName' = ${name} OR data->>'memberName' = ${name})`;
  counts.mail_digest_items = await tx.$executeRaw`
    UPDATE mail_digest_items SET data = data - 'actorName' - 'memberName'
     WHERE user_id IN ${members} AND (data->>'actorName' = ${name} OR data->>'memberName' = ${name})`;
  counts.mail_outbox = await tx.$executeRaw`
    UPDATE mail_outbox SET subject = ${ERASED}, text = ${ERASED}, html = NULL
     WHERE user_id IN ${members}
       AND (lower(subject) LIKE ${like} OR lower(text) LIKE ${like} OR lower(COALESCE(html, '')) LIKE ${like})`;
  counts.webhook_deliveries = await tx.$executeRaw`
    UPDATE webhook_deliveries d SET body = '{"erased":true}', last_error = NULL
      FROM webhook_endpoints w
     WHERE d.endpoint_id = w.id AND w.workspace_id IN ${firms} AND lower(d.body) LIKE ${`%${JSON.stringify(name.toLowerCase()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
  return counts;
}
