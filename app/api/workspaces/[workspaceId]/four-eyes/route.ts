export { putFourEyes as PUT } from "@/lib/month-close/api";

export const dynamic = "force-dynamic";
