export { deleteData as DELETE } from "@/lib/payroll/server/handlers";

export const dynamic = "force-dynamic";
