export { getImport as GET, postImportAction as POST } from "@/features/payroll/server/handlers";

export const dynamic = "force-dynamic";
