import "server-only";
import type { SessionUser } from "@/lib/auth/server/session";
import { getDb } from "@/lib/db/client";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import type { MonthActor } from "@/features/month-close/server/audit";
import { grants } from "@/features/workspaces/server/access";
import { approveMonths } from "./approve";
import { assignCompanies } from "./assignees";
import { connectionsHealth } from "./health";
import { enqueueRefresh } from "./jobs";
import { overviewFor } from "./rows";
import { overviewContract as contract } from "../contract";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";

/**
 * The handlers behind `app/api/overview/**` (the routes of ../contract.ts), in the envelope. Each
 * works in the person's active workspace; the queries below carry the membership and roles.
 */

function workspaceOf(user: SessionUser): NonNullable<SessionUser["workspace"]> {
  if (!user.workspace) throw new ApiError("forbidden", "You are not a member of a workspace.");
  return user.workspace;
}

const personName = (user: SessionUser) => user.displayName ?? user.email ?? user.id;

function monthActorOf(user: SessionUser): MonthActor {
  const workspace = workspaceOf(user);
  return { workspaceId: workspace.id, userId: user.id, name: personName(user), roles: workspace.roles };
}

export const getOverview = withRoute(
  { ...contract.list, recentSession: true, firmOnly: true },
  async ({ user, query }) => {
    const workspace = workspaceOf(user);
    return successResponse(
      await overviewFor({ userId: user.id, workspaceId: workspace.id, roles: workspace.roles }, query),
    );
  },
);

export const getOverviewHealth = withRoute(
  { ...contract.health, recentSession: true, firmOnly: true },
  async ({ user }) => successResponse(await connectionsHealth(user.id, workspaceOf(user).id)),
);

export const postOverviewRefresh = withRoute(
  { ...contract.refresh, maxBodyBytes: 256, firmOnly: true },
  async ({ user, body }) => {
    const workspace = workspaceOf(user);
    const connections = await getDb().payrollConnection.findMany({
      where: {
        workspaceId: workspace.id,
        apiKeyEncrypted: { not: null },
        workspace: grants(user.id, "workspace.read"),
        ...(body.connectionId ? { id: body.connectionId } : {}),
      },
      select: { id: true },
    });
    return successResponse({ queued: await enqueueRefresh(connections.map((connection) => connection.id)) }, 202);
  },
);

export const postOverviewAssignments = withRoute(
  { ...contract.assign, maxBodyBytes: 128 * 1024, firmOnly: true },
  async ({ user, body }) => {
    const actor = monthActorOf(user);
    return successResponse({ results: await assignCompanies(actor, body) });
  },
);

export const postOverviewApprovals = withRoute(
  { ...contract.approve, recentConfirmation: true, maxBodyBytes: 128 * 1024, firmOnly: true },
  async ({ user, body }) => successResponse({ results: await approveMonths(monthActorOf(user), body) }),
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const overviewHandlers = {
  list: getOverview,
  health: getOverviewHealth,
  refresh: postOverviewRefresh,
  assign: postOverviewAssignments,
  approve: postOverviewApprovals,
} satisfies RouteHandlers<typeof contract>;
