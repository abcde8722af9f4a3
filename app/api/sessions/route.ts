export { getSessions as GET } from "@/features/sign-in/server/session-handlers";

export const dynamic = "force-dynamic";
