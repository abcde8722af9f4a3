export { getConfirmationMethods as GET } from "@/lib/sign-in/server/confirmation-handlers";

export const dynamic = "force-dynamic";
