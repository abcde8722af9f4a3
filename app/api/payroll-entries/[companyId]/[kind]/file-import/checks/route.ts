export { postImportChecks as POST } from "@/features/month-close/import-checks/server/handlers";

export const dynamic = "force-dynamic";
