export { putCompanyCheckSettings as PUT } from "@/lib/month-close/settings/api";

export const dynamic = "force-dynamic";
