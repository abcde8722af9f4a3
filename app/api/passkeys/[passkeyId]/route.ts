export { patchPasskey as PATCH, deletePasskey as DELETE } from "@/lib/passkeys/server/handlers";

export const dynamic = "force-dynamic";
