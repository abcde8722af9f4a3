export { getPasskeys as GET, postPasskey as POST } from "@/lib/passkeys/server/handlers";

export const dynamic = "force-dynamic";
