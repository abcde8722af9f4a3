export { getYearDeadlines as GET } from "@/features/deadlines/server/handlers";

export const dynamic = "force-dynamic";
