export { postRequestEmailLink as POST } from "@/features/sign-in/server/email-handlers";

export const dynamic = "force-dynamic";
