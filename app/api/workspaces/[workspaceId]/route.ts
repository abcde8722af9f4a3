export { patchWorkspace as PATCH } from "@/lib/workspaces/server/handlers";

export const dynamic = "force-dynamic";
