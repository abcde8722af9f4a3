export { getPreferences as GET, putPreferences as PUT } from "@/features/notifications/server/handlers";

export const dynamic = "force-dynamic";
