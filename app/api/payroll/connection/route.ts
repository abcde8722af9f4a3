export { postConnection as POST, putChosenConnection as PUT, deleteConnection as DELETE } from "@/lib/payroll/server/handlers";

export const dynamic = "force-dynamic";
