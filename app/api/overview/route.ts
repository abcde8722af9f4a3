export { getOverview as GET } from "@/features/overview/server/handlers";

export const dynamic = "force-dynamic";
