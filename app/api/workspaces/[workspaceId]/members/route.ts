export { getMembers as GET } from "@/lib/workspaces/api";

export const dynamic = "force-dynamic";
