export { postSignInWithPasskey as POST } from "@/lib/passkeys/server/sign-in-handlers";

export const dynamic = "force-dynamic";
