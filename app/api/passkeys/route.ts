export { getPasskeys as GET, postPasskey as POST } from "@/features/passkeys/server/handlers";

export const dynamic = "force-dynamic";
