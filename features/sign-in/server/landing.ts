import "server-only";
import type { SessionUser } from "@/lib/auth/server/session";
import { getDb } from "@/lib/db/client";
import { isClient } from "@/features/workspaces/permissions";
import { heldBy } from "@/features/workspaces/server/access";

/**
 * Where a person lands once signed in: the firm's overview when their workspace has a payroll
 * connection (a connected customer, not one kept after Disconnect), else the businesses as before.
 * The membership is in the query, so a removed member lands on the businesses. The firm's client
 * lands on their own companies (/payroll shows a client only theirs).
 */
export async function landingPath(
  user: Pick<SessionUser, "id" | "workspace">,
): Promise<"/overview" | "/businesses" | "/payroll"> {
  if (!user.workspace) return "/businesses";
  if (isClient(user.workspace.roles)) return "/payroll";
  const connection = await getDb().payrollConnection.findFirst({
    where: { workspaceId: user.workspace.id, disconnectedAt: null, workspace: heldBy(user.id) },
    select: { id: true },
  });
  return connection ? "/overview" : "/businesses";
}
