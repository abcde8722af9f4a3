export { getEndpoints as GET, postEndpoint as POST } from "@/features/webhooks/server/handlers";

export const dynamic = "force-dynamic";
