export { postImport as POST } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";
