export { putCompanyCheckSettings as PUT } from "@/features/month-close/settings/server/handlers";

export const dynamic = "force-dynamic";
