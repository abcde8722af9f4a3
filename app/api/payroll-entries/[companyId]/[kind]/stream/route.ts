export { getDraftStream as GET } from "@/lib/payroll-entries/api";

export const dynamic = "force-dynamic";
