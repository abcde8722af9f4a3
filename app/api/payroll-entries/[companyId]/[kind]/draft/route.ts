export { getDraft as GET, putDraft as PUT } from "@/lib/payroll/entries/server/handlers";

export const dynamic = "force-dynamic";
