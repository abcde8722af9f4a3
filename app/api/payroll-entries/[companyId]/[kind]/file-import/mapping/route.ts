export { putImportMapping as PUT } from "@/lib/payroll/entries/file-import/server/handlers";

export const dynamic = "force-dynamic";
