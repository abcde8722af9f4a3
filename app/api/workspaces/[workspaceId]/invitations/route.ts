export { getInvitations as GET, postInvitation as POST } from "@/lib/workspaces/api";

export const dynamic = "force-dynamic";
