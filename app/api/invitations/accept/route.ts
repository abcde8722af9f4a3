export { postAcceptInvitation as POST } from "@/lib/workspaces/api";

export const dynamic = "force-dynamic";
