import "server-only";
import { getDb } from "@/lib/db/client";
import { chainPending } from "./append";
import { recomputeChain, type VerifyReport } from "./recompute";

/**
 * Chains what is pending, then recomputes the workspace's chain (./recompute.ts): one function for
 * the page's button, the API, the CLI and the daily checkpoint.
 */
export async function verifyWorkspaceChain(workspaceId: string): Promise<VerifyReport> {
  await chainPending(workspaceId);
  return (await recomputeChain(workspaceId)).report;
}

/** Every workspace with entries (the CLI's run). */
export async function workspacesWithEntries(): Promise<string[]> {
  const rows = await getDb().$queryRaw<{ workspace_id: string }[]>`
    SELECT DISTINCT workspace_id::text AS workspace_id FROM audit_entries ORDER BY 1`;
  return rows.map((row) => row.workspace_id);
}
