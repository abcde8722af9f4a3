export { getEndpoints as GET, postEndpoint as POST } from "@/lib/webhooks/server/handlers";

export const dynamic = "force-dynamic";
