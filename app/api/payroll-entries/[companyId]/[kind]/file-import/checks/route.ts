export { postImportChecks as POST } from "@/lib/month-close/import-checks/server/handlers";

export const dynamic = "force-dynamic";
