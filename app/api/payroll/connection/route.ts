export { postConnection as POST, putChosenConnection as PUT, deleteConnection as DELETE } from "@/features/payroll/server/handlers";

export const dynamic = "force-dynamic";
