export { getSecret as GET, postSecretRotation as POST } from "@/lib/webhooks/server/handlers";

export const dynamic = "force-dynamic";
