export { getDraft as GET, putDraft as PUT } from "@/lib/payroll-entries/api";

export const dynamic = "force-dynamic";
