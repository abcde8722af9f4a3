export { getMonthClose as GET, postMonthClose as POST } from "@/features/month-close/server/handlers";

export const dynamic = "force-dynamic";
