export { getMembers as GET } from "@/lib/workspaces/server/handlers";

export const dynamic = "force-dynamic";
