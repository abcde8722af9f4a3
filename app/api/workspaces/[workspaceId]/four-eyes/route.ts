export { putFourEyes as PUT } from "@/features/month-close/server/handlers";

export const dynamic = "force-dynamic";
