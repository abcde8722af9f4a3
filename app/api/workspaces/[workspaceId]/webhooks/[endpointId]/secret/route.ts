export { getSecret as GET, postSecretRotation as POST } from "@/features/webhooks/server/handlers";

export const dynamic = "force-dynamic";
