"use client";

import { workspacesApi } from "@/features/workspaces/client/api";
import { workspaceKeys } from "@/features/workspaces/query-keys";

/** The workspace's members as the browser holds them: the members list and the four-eyes note read the same query. */
export function membersQuery(workspaceId: string) {
  return {
    queryKey: workspaceKeys.members(workspaceId),
    queryFn: async () => (await workspacesApi.listMembers({ workspaceId })).members,
  };
}
