export { putWorkspaceCutOff as PUT } from "@/features/deadlines/server/handlers";

export const dynamic = "force-dynamic";
