export { deleteInvitation as DELETE } from "@/lib/workspaces/api";

export const dynamic = "force-dynamic";
