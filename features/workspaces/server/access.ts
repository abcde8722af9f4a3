import "server-only";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import { rolesFor, type Permission } from "../permissions";
import type { WorkspaceRoleName } from "../schemas";

/**
 * The authorization every workspace query carries in its own `where` (never a check before it):
 * "the workspace has this person as a member, holding one of these roles". A query that finds
 * nothing is refused afterwards with `refusal`, which only decides between 403 and 404.
 */
export function heldBy(userId: string, roles?: WorkspaceRoleName[]): Prisma.WorkspaceWhereInput {
  return { members: { some: roles ? { userId, roles: { hasSome: roles } } : { userId } } };
}

/**
 * Why a person's query about a workspace found nothing: 403 `forbidden` for a member without the
 * role, else 404 `not_found` (a non-member learns nothing, not even that the workspace exists).
 */
export async function refusal(userId: string, workspaceId: string): Promise<ApiError> {
  const member = await getDb().workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { userId: true },
  });
  return member ? new ApiError("forbidden", "That needs the owner role of this workspace.") : new ApiError("not_found");
}

/** Prisma's "the record to update was not found" (an update whose `where` held no row). */
export function isNotFound(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "P2025";
}

/** The workspace grants this person the permission (features/workspaces/permissions.ts), in a query's `where`. */
export function grants(userId: string, permission: Permission): Prisma.WorkspaceWhereInput {
  return heldBy(userId, rolesFor(permission));
}
