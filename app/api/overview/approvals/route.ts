export { postOverviewApprovals as POST } from "@/features/overview/server/handlers";

export const dynamic = "force-dynamic";
