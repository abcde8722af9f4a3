import "server-only";
import type { SessionUser } from "@/lib/auth/server/session";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";
import type { MonthActor } from "@/features/month-close/server/audit";
import { datevBulkContract as contract } from "../contract";
import { bulkRun, bulkZipOf, startBulkExport } from "./runs";

/** The handlers of ../routes.ts, in the envelope, each in the person's active workspace (clients refused: `firmOnly`). */

function actorOf(user: SessionUser): MonthActor {
  if (!user.workspace) throw new ApiError("forbidden", "You are not a member of a workspace.");
  const name = user.displayName ?? user.email ?? user.id;
  return { workspaceId: user.workspace.id, userId: user.id, name, roles: user.workspace.roles };
}

const start = withRoute(
  { ...contract.start, recentConfirmation: true, maxBodyBytes: 128 * 1024, firmOnly: true },
  async ({ user, body }) => successResponse(await startBulkExport(actorOf(user), body), 202),
);

const read = withRoute({ ...contract.read, firmOnly: true }, async ({ user, params }) =>
  successResponse(await bulkRun(actorOf(user).workspaceId, params.bulkExportId)),
);

const zip = withRoute({ ...contract.zip, firmOnly: true }, async ({ user, params }) => {
  const file = await bulkZipOf(actorOf(user), params.bulkExportId);
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
      "x-content-sha256": file.sha256,
    },
  });
});

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export. */
export const datevBulkHandlers = { start, read, zip } satisfies RouteHandlers<typeof contract>;
