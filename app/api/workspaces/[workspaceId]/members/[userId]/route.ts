export { patchMember as PATCH, deleteMember as DELETE } from "@/features/workspaces/server/handlers";

export const dynamic = "force-dynamic";
