export { getNotifications as GET } from "@/features/notifications/server/handlers";

export const dynamic = "force-dynamic";
