export { getStream as GET } from "@/lib/notifications/server/handlers";

export const dynamic = "force-dynamic";
