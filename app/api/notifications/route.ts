export { getNotifications as GET } from "@/lib/notifications/server/handlers";

export const dynamic = "force-dynamic";
