import { getDb } from "@/lib/db/client";
import { ensurePersonalWorkspace } from "@/features/workspaces/server/personal";
import type { PayrollActor } from "../connection/server/connection";

/** Tests: a person acting in their personal workspace (made as at sign-in). */
export async function personalActor(userId: string): Promise<PayrollActor> {
  await ensurePersonalWorkspace(userId);
  const workspace = await getDb().workspace.findUniqueOrThrow({
    where: { personalUserId: userId },
    select: { id: true },
  });
  return { userId, workspaceId: workspace.id };
}
