export { postPresence as POST } from "@/lib/payroll/entries/server/handlers";

export const dynamic = "force-dynamic";
