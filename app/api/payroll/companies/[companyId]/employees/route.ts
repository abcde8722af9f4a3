export { listEmployees as GET, postEmployee as POST } from "@/lib/payroll/server/handlers";

export const dynamic = "force-dynamic";
