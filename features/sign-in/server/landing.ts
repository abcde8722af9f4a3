import "server-only";
import type { SessionUser } from "@/lib/auth/server/session";
import { getDb } from "@/lib/db/client";
import { isClient } from "@/features/workspaces/permissions";
import { heldBy } from "@/features/workspaces/server/access";

/**
 * Where a person lands once signed in, whichever way they signed in (the accounting service, an
 * e-mail link, a passkey: each ends on /signed-in, app/signed-in/page.tsx). An owner whose
 * workspace's first-run checklist was never seen complete lands on it, on the overview
 * (features/overview/server/first-run.ts; docs/adr/0258-first-run-landing.md). Anyone else: the
 * firm's overview when their workspace has a payroll connection (a connected customer, not one
 * kept after Disconnect), else the businesses as before. The membership is in the query, so a
 * removed member lands on the businesses. The firm's client lands on their own companies
 * (/payroll shows a client only theirs).
 */
export async function landingPath(
  user: Pick<SessionUser, "id" | "workspace">,
): Promise<"/overview" | "/businesses" | "/payroll"> {
  if (!user.workspace) return "/businesses";
  if (isClient(user.workspace.roles)) return "/payroll";
  const workspace = await getDb().workspace.findFirst({
    where: { id: user.workspace.id, ...heldBy(user.id) },
    select: {
      firstRunCompletedAt: true,
      members: { where: { userId: user.id, roles: { has: "owner" } }, select: { userId: true } },
      payrollConnections: { where: { disconnectedAt: null }, select: { id: true }, take: 1 },
    },
  });
  if (!workspace) return "/businesses";
  if (workspace.members.length > 0 && !workspace.firstRunCompletedAt) return "/overview";
  return workspace.payrollConnections.length > 0 ? "/overview" : "/businesses";
}
