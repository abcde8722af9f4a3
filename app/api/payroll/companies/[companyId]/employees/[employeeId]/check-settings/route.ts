export { putEmployeeCheckSettings as PUT } from "@/lib/month-close/settings/server/handlers";

export const dynamic = "force-dynamic";
