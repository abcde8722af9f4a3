export { getAuditExport as GET } from "@/lib/audit-trail/server/export";
export const dynamic = "force-dynamic";
