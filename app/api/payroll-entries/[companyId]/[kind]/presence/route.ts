export { postPresence as POST } from "@/features/payroll/entries/server/handlers";

export const dynamic = "force-dynamic";
