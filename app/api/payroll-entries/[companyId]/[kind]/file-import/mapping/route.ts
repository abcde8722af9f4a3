export { putImportMapping as PUT } from "@/features/payroll/entries/file-import/server/handlers";

export const dynamic = "force-dynamic";
