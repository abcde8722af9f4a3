export { patchMember as PATCH, deleteMember as DELETE } from "@/lib/workspaces/server/handlers";

export const dynamic = "force-dynamic";
