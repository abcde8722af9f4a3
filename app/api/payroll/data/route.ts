export { deleteData as DELETE } from "@/features/payroll/server/handlers";

export const dynamic = "force-dynamic";
