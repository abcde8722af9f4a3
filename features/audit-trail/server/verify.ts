import "server-only";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";

import { getDb } from "@/lib/db/client";
import { verifyWorkspaceChain } from "@/lib/audit/chain/server/verify";
import { auditContract } from "../contract";

/**
 * `GET /api/audit/verify`: the active workspace's trail recomputed, for whoever may read the trail
 * (any role of the firm, no client: the same rule as the entries, lib/audit/server/query.ts).
 */
export const getAuditVerify = withRoute({ ...auditContract.verify, firmOnly: true }, async ({ user }) => {
  const workspace = user.workspace;
  if (!workspace) throw new ApiError("not_found");
  const member = await getDb().workspaceMember.findFirst({
    where: { workspaceId: workspace.id, userId: user.id, NOT: { roles: { has: "client" } } },
    select: { userId: true },
  });
  if (!member) throw new ApiError("forbidden");
  const { workspaceId: _workspaceId, ...report } = await verifyWorkspaceChain(workspace.id);
  return successResponse(report);
});
