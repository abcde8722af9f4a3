export { getAuditExport as GET } from "@/features/audit-trail/server/export";
export const dynamic = "force-dynamic";
