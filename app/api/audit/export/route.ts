export { getAuditExport as GET } from "@/lib/audit/export";
export const dynamic = "force-dynamic";
