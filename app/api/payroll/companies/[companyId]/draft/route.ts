export { putDraft as PUT, deleteDraftRoute as DELETE } from "@/features/payroll/server/handlers";

export const dynamic = "force-dynamic";
