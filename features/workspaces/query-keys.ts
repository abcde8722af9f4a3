/** TanStack Query keys of the workspace feature (browser-safe). */
export const workspaceKeys = {
  all: ["workspaces"] as const,
  members: (workspaceId: string) => [...workspaceKeys.all, workspaceId, "members"] as const,
  formerMembers: (workspaceId: string) => [...workspaceKeys.all, workspaceId, "former-members"] as const,
  invitations: (workspaceId: string) => [...workspaceKeys.all, workspaceId, "invitations"] as const,
  active: () => [...workspaceKeys.all, "active"] as const,
};
