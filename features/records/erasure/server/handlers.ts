import "server-only";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";
import { erasureContract } from "../contract";
import { recordErasureRequest } from "./requests";

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export. */
export const erasureHandlers = {
  requestErasure: withRoute({ ...erasureContract.requestErasure, maxBodyBytes: 512 }, async ({ user, params, body }) =>
    successResponse({
      request: await recordErasureRequest(
        { workspaceId: params.workspaceId, userId: user.id, name: user.displayName ?? user.email ?? null },
        body,
      ),
    }),
  ),
} satisfies RouteHandlers<typeof erasureContract>;
