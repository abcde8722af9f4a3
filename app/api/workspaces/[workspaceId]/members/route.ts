export { getMembers as GET } from "@/features/workspaces/server/handlers";

export const dynamic = "force-dynamic";
