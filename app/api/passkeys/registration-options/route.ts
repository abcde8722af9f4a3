export { postRegistrationOptions as POST } from "@/lib/passkeys/server/handlers";

export const dynamic = "force-dynamic";
