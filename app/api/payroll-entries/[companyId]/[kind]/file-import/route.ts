export { postImportFile as POST } from "@/lib/payroll/entries/file-import/server/handlers";

export const dynamic = "force-dynamic";
