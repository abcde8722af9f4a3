export { postOverviewApprovals as POST } from "@/lib/overview/server/handlers";

export const dynamic = "force-dynamic";
