export { postImport as POST } from "@/features/payroll/server/handlers";

export const dynamic = "force-dynamic";
