export { postSignOutOthers as POST } from "@/features/sign-in/server/session-handlers";

export const dynamic = "force-dynamic";
