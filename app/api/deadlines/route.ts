export { getYearDeadlines as GET } from "@/lib/deadlines/server/handlers";

export const dynamic = "force-dynamic";
