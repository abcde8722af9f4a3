export { postCompleteEmailLink as POST } from "@/lib/sign-in/server/email-handlers";

export const dynamic = "force-dynamic";
