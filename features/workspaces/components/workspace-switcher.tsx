import "server-only";
import type { SessionUser } from "@/lib/auth/server/session";
import { listMyWorkspaces } from "@/features/workspaces/server/members";
import { WorkspaceSelect } from "./workspace-select";

/**
 * The header's workspace switcher, labelled `Workspace`: only for someone in two or more
 * workspaces (someone alone sees no difference). The choice is stored per person.
 */
export async function WorkspaceSwitcher({ user }: { user: SessionUser }) {
  const workspaces = await listMyWorkspaces(user.id);
  if (workspaces.length < 2) return null;
  // Every member sees a workspace by its one stored name (its owner renames it), a personal one too.
  const options = workspaces.map((workspace) => ({ id: workspace.id, name: workspace.name }));
  const current = user.workspace?.id ?? options[0]!.id;
  return <WorkspaceSelect key={current} workspaces={options} current={current} />;
}
