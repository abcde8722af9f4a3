import "server-only";
import { notFound } from "next/navigation";
import { isClient } from "../permissions";
import type { WorkspaceRoleName } from "../schemas";

/**
 * The firm's pages a client may not open (features/workspaces/permissions.ts): the overview, audit
 * trail, workspace settings, trial balance, businesses, the accounting profile, the connection
 * settings. A client is shown "not found" there, as for a page that does not exist; their data's
 * queries refuse them besides (in their `where`).
 */
export function notForClients(user: { workspace: { roles: WorkspaceRoleName[] } | null } | null): void {
  if (user && isClient(user.workspace?.roles)) notFound();
}
