export { postUnsubscribe as POST } from "@/features/mail/server/handlers";

export const dynamic = "force-dynamic";
