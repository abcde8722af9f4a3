import "server-only";
import { Prisma } from "@/lib/db/generated/client";
import { sendNotificationMail } from "./mail-channel";
import { kindDefaults, type NotificationKind } from "../kinds";

/** The channel each person's open pages listen on (features/notifications/server/live-hub.ts); the payload is the person's id. */
export const NOTIFICATIONS_CHANNEL = "ledgerlane_notifications";

export interface NotifyInput {
  userIds: readonly string[];
  kind: NotificationKind;
  /** Names the thing told (e.g. `month.submitted:<monthCloseId>:<time>`); each person's key adds their id. */
  dedupeKey: string;
  workspaceId: string;
  data: Record<string, unknown>;
  /** The app path of what it is about. */
  link: string;
}

/**
 * Tells people of something, in the transaction of the change that it tells of: per person's
 * choice for the kind (stored, else the kind's defaults), a notification row (and a live event to
 * their open pages, which Postgres delivers at commit) and a queued mail. Idempotent by
 * `dedupeKey`: a second call for the same thing inserts and queues nothing new. People who no
 * longer exist are skipped.
 */
export async function notify(tx: Prisma.TransactionClient, input: NotifyInput): Promise<void> {
  const wanted = [...new Set(input.userIds)];
  if (wanted.length === 0) return;
  // The people who still exist and their choice for the kind (stored, else the kind's defaults), in one statement.
  const existing = await tx.$queryRaw<{ id: string; inApp: boolean | null; byEmail: boolean | null }[]>`
    SELECT u.id::text AS id, p.in_app AS "inApp", p.by_email AS "byEmail"
      FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id AND p.kind = ${input.kind}
     WHERE u.id = ANY(${wanted}::uuid[])`;
  const userIds = existing.map((user) => user.id);
  const defaults = kindDefaults(input.kind);
  const choices = new Map(
    existing.map((row) => [
      row.id,
      row.inApp === null || row.byEmail === null ? defaults : { inApp: row.inApp, byEmail: row.byEmail },
    ]),
  );
  const inApp = userIds.filter((userId) => choices.get(userId)?.inApp);
  const keyOf = (userId: string) => `${input.dedupeKey}:${userId}`;
  if (inApp.length) {
    const rows = inApp.map(
      (userId) =>
        Prisma.sql`(${userId}::uuid, ${input.workspaceId}::uuid, ${input.kind}, ${keyOf(userId)}, ${JSON.stringify(input.data)}::jsonb, ${input.link})`,
    );
    // Inserted and told to their open pages (at commit) in one statement; a row already there tells nobody again.
    await tx.$executeRaw`
      WITH inserted AS (
        INSERT INTO notifications (user_id, workspace_id, kind, dedupe_key, data, link)
        VALUES ${Prisma.join(rows)}
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING user_id
      )
      SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, user_id::text) FROM inserted`;
  }
  for (const userId of userIds.filter((id) => choices.get(id)?.byEmail))
    await sendNotificationMail(tx, {
      userId,
      notificationKind: input.kind,
      dedupeKey: keyOf(userId),
      data: input.data,
      link: input.link,
    });
}
