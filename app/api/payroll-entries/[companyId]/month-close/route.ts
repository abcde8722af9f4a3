export { getMonthClose as GET, postMonthClose as POST } from "@/lib/month-close/server/handlers";

export const dynamic = "force-dynamic";
