export { getDraftStream as GET } from "@/lib/payroll/entries/server/handlers";

export const dynamic = "force-dynamic";
