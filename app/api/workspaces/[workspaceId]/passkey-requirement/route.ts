export { putPasskeyRequirement as PUT } from "@/features/passkeys/server/handlers";

export const dynamic = "force-dynamic";
