import "server-only";
import { getDb } from "@/lib/db/client";

const FALLBACK_NAME = "Personal workspace";

/**
 * Every person works in a workspace: at sign-in, one of their own (as its owner) is made unless
 * they have it. Someone alone sees no difference; the migration made one for everyone known before.
 */
export async function ensurePersonalWorkspace(userId: string): Promise<void> {
  const db = getDb();
  if (await db.workspace.findUnique({ where: { personalUserId: userId }, select: { id: true } })) return;
  const user = await db.user.findUnique({ where: { id: userId }, select: { displayName: true, email: true } });
  if (!user) return;
  try {
    await db.workspace.create({
      data: {
        name: user.displayName || user.email || FALLBACK_NAME,
        personalUserId: userId,
        members: { create: { userId, roles: ["owner"] } },
      },
    });
  } catch (error) {
    // Two sign-ins at once: the other one made it (unique personal_user_id).
    if ((error as { code?: string } | null)?.code !== "P2002") throw error;
  }
}
