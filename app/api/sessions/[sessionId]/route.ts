export { deleteSession as DELETE } from "@/lib/sign-in/server/session-handlers";

export const dynamic = "force-dynamic";
