export { getConfirmationMethods as GET } from "@/features/sign-in/server/confirmation-handlers";

export const dynamic = "force-dynamic";
