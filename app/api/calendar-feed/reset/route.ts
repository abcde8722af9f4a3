export { postResetCalendarFeed as POST } from "@/features/deadlines/server/feed-handlers";

export const dynamic = "force-dynamic";
