export { patchWorkspace as PATCH } from "@/features/workspaces/server/handlers";

export const dynamic = "force-dynamic";
