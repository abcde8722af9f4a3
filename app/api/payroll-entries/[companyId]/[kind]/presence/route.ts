export { postPresence as POST } from "@/lib/payroll-entries/api";

export const dynamic = "force-dynamic";
