export { getDraftStream as GET } from "@/features/payroll/entries/server/handlers";

export const dynamic = "force-dynamic";
