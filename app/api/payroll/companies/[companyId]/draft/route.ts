export { putDraft as PUT, deleteDraftRoute as DELETE } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";
