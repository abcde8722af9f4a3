export { getSessions as GET } from "@/lib/sign-in/server/session-handlers";

export const dynamic = "force-dynamic";
