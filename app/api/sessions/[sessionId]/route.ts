export { deleteSession as DELETE } from "@/features/sign-in/server/session-handlers";

export const dynamic = "force-dynamic";
