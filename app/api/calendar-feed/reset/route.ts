export { postResetCalendarFeed as POST } from "@/lib/deadlines/server/feed-handlers";

export const dynamic = "force-dynamic";
