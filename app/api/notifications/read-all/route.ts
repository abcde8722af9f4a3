export { postReadAll as POST } from "@/lib/notifications/server/handlers";

export const dynamic = "force-dynamic";
