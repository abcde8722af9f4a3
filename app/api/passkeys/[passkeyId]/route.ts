export { patchPasskey as PATCH, deletePasskey as DELETE } from "@/features/passkeys/server/handlers";

export const dynamic = "force-dynamic";
