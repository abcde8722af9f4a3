export { getDeliveries as GET } from "@/lib/webhooks/server/handlers";

export const dynamic = "force-dynamic";
