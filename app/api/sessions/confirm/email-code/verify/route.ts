export { postConfirmWithCode as POST } from "@/lib/sign-in/server/confirmation-handlers";

export const dynamic = "force-dynamic";
