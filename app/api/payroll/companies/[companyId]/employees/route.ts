export { listEmployees as GET, postEmployee as POST } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";
