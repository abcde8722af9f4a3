import "server-only";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";
import { recordsContract } from "../contract";
import { saveRetention, saveSocialAudit } from "./settings";

/** The acting owner in the workspace the URL names (the services check the membership and role). */
function actorIn(user: { id: string; displayName: string | null; email: string | null }, workspaceId: string) {
  return { workspaceId, userId: user.id, name: user.displayName ?? user.email ?? null };
}

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export. */
export const recordsHandlers = {
  setRetention: withRoute({ ...recordsContract.setRetention, maxBodyBytes: 1024 }, async ({ user, params, body }) =>
    successResponse({ years: await saveRetention(actorIn(user, params.workspaceId), body) }),
  ),
  setSocialAudit: withRoute({ ...recordsContract.setSocialAudit, maxBodyBytes: 512 }, async ({ user, params, body }) =>
    successResponse(await saveSocialAudit(actorIn(user, params.workspaceId), body)),
  ),
} satisfies RouteHandlers<typeof recordsContract>;
