export { postInvitationEmail as POST } from "@/lib/workspaces/server/handlers";

export const dynamic = "force-dynamic";
