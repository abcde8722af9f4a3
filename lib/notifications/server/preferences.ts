import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { KIND_DEFAULTS, type KindChoice, type NotificationKind } from "../kinds";

type Db = Pick<Prisma.TransactionClient, "notificationPreference">;

/** Each person's choice for one kind: their stored row, else the kind's defaults. */
export async function choicesFor(db: Db, userIds: readonly string[], kind: NotificationKind): Promise<Map<string, KindChoice>> {
  const rows = await db.notificationPreference.findMany({
    where: { userId: { in: [...userIds] }, kind },
    select: { userId: true, inApp: true, byEmail: true },
  });
  const stored = new Map(rows.map((row) => [row.userId, { inApp: row.inApp, byEmail: row.byEmail }]));
  return new Map(userIds.map((userId) => [userId, stored.get(userId) ?? KIND_DEFAULTS[kind]]));
}
