export { deleteData as DELETE } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";
