export { postInvitationEmail as POST } from "@/features/workspaces/server/handlers";

export const dynamic = "force-dynamic";
