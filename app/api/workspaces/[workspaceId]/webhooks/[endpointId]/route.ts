export { patchEndpoint as PATCH, deleteEndpointRoute as DELETE } from "@/lib/webhooks/server/handlers";

export const dynamic = "force-dynamic";
