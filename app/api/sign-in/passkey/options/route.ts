export { postSignInOptions as POST } from "@/features/passkeys/server/sign-in-handlers";

export const dynamic = "force-dynamic";
