export { postRead as POST } from "@/features/notifications/server/handlers";

export const dynamic = "force-dynamic";
