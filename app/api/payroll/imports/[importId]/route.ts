export { getImport as GET, postImportAction as POST } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";
