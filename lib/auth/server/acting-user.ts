import "server-only";
import type { SessionUser } from "./session-store";

/**
 * For server actions (`"use server"`): the person may act, or null. A member who must add a passkey
 * first acts on nothing until then (routes refuse them in lib/http/server/route.ts, pages lead them
 * to /passkey-required from app/layout.tsx), read with the session: no query of its own.
 */
export function actingUser(user: SessionUser | null): SessionUser | null {
  return user && !user.mustAddPasskey ? user : null;
}
