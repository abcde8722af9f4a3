export { postConnection as POST, deleteConnection as DELETE } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";
