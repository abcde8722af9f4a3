export { getInvitations as GET, postInvitation as POST } from "@/features/workspaces/server/handlers";

export const dynamic = "force-dynamic";
