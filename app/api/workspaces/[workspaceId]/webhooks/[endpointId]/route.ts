export { patchEndpoint as PATCH, deleteEndpointRoute as DELETE } from "@/features/webhooks/server/handlers";

export const dynamic = "force-dynamic";
