export { getMonthClose as GET, postMonthClose as POST } from "@/lib/month-close/api";

export const dynamic = "force-dynamic";
