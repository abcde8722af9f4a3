export { postRegistrationOptions as POST } from "@/features/passkeys/server/handlers";

export const dynamic = "force-dynamic";
