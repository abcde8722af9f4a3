export { patchWorkspace as PATCH } from "@/lib/workspaces/api";

export const dynamic = "force-dynamic";
