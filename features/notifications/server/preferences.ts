import "server-only";
import { getDb } from "@/lib/db/client";
import { kindDefaults, notificationKinds, type MailMode } from "../kinds";
import type { Preferences } from "../schemas";

/** The person's choices for every kind (defaults where they chose nothing) and how their mails arrive. */
export async function preferencesOf(userId: string): Promise<Preferences> {
  const db = getDb();
  const [rows, user] = await Promise.all([
    db.notificationPreference.findMany({ where: { userId }, select: { kind: true, inApp: true, byEmail: true } }),
    db.user.findUnique({ where: { id: userId }, select: { notificationMailMode: true } }),
  ]);
  const stored = new Map(rows.map((row) => [row.kind, row]));
  return {
    kinds: notificationKinds().map((kind) => {
      const choice = stored.get(kind) ?? kindDefaults(kind);
      return { kind, inApp: choice.inApp, byEmail: choice.byEmail };
    }),
    mailMode: (user?.notificationMailMode ?? "single") as MailMode,
  };
}

/** Stores the person's choices (the kinds named; the others keep theirs) and their mail mode, in one transaction. */
export async function savePreferences(userId: string, preferences: Preferences): Promise<Preferences> {
  await getDb().$transaction(async (tx) => {
    for (const { kind, inApp, byEmail } of preferences.kinds)
      await tx.notificationPreference.upsert({
        where: { userId_kind: { userId, kind } },
        create: { userId, kind, inApp, byEmail },
        update: { inApp, byEmail },
      });
    await tx.user.update({ where: { id: userId }, data: { notificationMailMode: preferences.mailMode } });
  });
  return preferencesOf(userId);
}
