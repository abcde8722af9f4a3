export { getCalendarFeed as GET } from "@/features/deadlines/server/feed-handlers";

export const dynamic = "force-dynamic";
