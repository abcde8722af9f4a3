export { deleteInvitation as DELETE } from "@/lib/workspaces/server/handlers";

export const dynamic = "force-dynamic";
