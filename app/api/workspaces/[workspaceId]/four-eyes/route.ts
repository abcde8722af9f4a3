export { putFourEyes as PUT } from "@/lib/month-close/server/handlers";

export const dynamic = "force-dynamic";
