import "server-only";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { mailContract } from "../contract";
import { unsubscribeByToken } from "./unsubscribe";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";

/** The one-click unsubscribe: no session, the signed token decides; a token not ours is 404 (it reveals nothing). */
export const postUnsubscribe = withRoute(
  { ...mailContract.unsubscribe, auth: false, maxBodyBytes: 1024 },
  async ({ params }) => {
    const done = await unsubscribeByToken(params.token);
    if (!done) throw new ApiError("not_found", "This unsubscribe link is not valid.");
    return successResponse({ unsubscribed: true as const, scope: done.scope });
  },
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const mailHandlers = {
  unsubscribe: postUnsubscribe,
} satisfies RouteHandlers<typeof mailContract>;
