export { postConfirmWithPasskey as POST } from "@/features/sign-in/server/confirmation-handlers";

export const dynamic = "force-dynamic";
