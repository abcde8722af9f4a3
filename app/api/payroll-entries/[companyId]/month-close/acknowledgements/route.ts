export { postAcknowledgement as POST } from "@/lib/month-close/api";

export const dynamic = "force-dynamic";
