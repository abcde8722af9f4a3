export { patchMember as PATCH, deleteMember as DELETE } from "@/lib/workspaces/api";

export const dynamic = "force-dynamic";
