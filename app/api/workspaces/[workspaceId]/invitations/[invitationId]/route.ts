export { deleteInvitation as DELETE } from "@/features/workspaces/server/handlers";

export const dynamic = "force-dynamic";
