export { postConnection as POST, putChosenConnection as PUT, deleteConnection as DELETE } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";
