export { postSignOutOthers as POST } from "@/lib/sign-in/server/session-handlers";

export const dynamic = "force-dynamic";
