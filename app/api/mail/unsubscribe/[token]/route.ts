export { postUnsubscribe as POST } from "@/lib/mail/server/handlers";

export const dynamic = "force-dynamic";
