export { putMemberCompanies as PUT } from "@/lib/workspaces/server/handlers";

export const dynamic = "force-dynamic";
