export { getPreferences as GET, putPreferences as PUT } from "@/lib/notifications/server/handlers";

export const dynamic = "force-dynamic";
