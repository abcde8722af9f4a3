export { putPasskeyRequirement as PUT } from "@/lib/passkeys/server/handlers";

export const dynamic = "force-dynamic";
