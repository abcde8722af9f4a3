export { getOverviewHealth as GET } from "@/lib/overview/server/handlers";

export const dynamic = "force-dynamic";
