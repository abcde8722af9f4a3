export { getCalendarFeed as GET } from "@/lib/deadlines/server/feed-handlers";

export const dynamic = "force-dynamic";
