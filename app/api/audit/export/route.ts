export { getAuditExport as GET } from "@/lib/audit/server/export";
export const dynamic = "force-dynamic";
