export { getDeliveries as GET } from "@/features/webhooks/server/handlers";

export const dynamic = "force-dynamic";
