export { getDraft as GET, putDraft as PUT } from "@/features/payroll/entries/server/handlers";

export const dynamic = "force-dynamic";
