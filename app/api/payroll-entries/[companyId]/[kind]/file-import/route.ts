export { postImportFile as POST } from "@/features/payroll/entries/file-import/server/handlers";

export const dynamic = "force-dynamic";
