import "server-only";
import { encode } from "next-auth/jwt";
import { serverEnv } from "@/lib/env/server";
import { authCookieNames } from "./cookies";
import { SESSION_MAX_AGE_S } from "./session-store";

/**
 * The session cookie for a session made outside next-auth (an e-mail sign-in link): the same
 * cookie as next-auth's jwt callback makes (features/sign-in/server/options.ts) — the same name, the
 * same encrypted JWT of only `uid` and `sid`, the same attributes and lifetime — so every reader
 * (lib/auth/server/session.ts) and next-auth's sign-out treat both alike.
 */
export async function sessionCookieHeader(userId: string, sessionId: string): Promise<string> {
  const names = authCookieNames();
  const value = await encode({
    token: { uid: userId, sid: sessionId },
    secret: serverEnv().NEXTAUTH_SECRET,
    maxAge: SESSION_MAX_AGE_S,
  });
  const expires = new Date(Date.now() + SESSION_MAX_AGE_S * 1000).toUTCString();
  return `${names.session}=${value}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax${names.secure ? "; Secure" : ""}`;
}
