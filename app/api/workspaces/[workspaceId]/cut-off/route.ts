export { putWorkspaceCutOff as PUT } from "@/lib/deadlines/server/handlers";

export const dynamic = "force-dynamic";
