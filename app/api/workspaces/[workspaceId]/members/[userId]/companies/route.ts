export { putMemberCompanies as PUT } from "@/features/workspaces/server/handlers";

export const dynamic = "force-dynamic";
