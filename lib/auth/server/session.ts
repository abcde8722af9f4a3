import "server-only";
import { cookies } from "next/headers";
import { decode } from "next-auth/jwt";
import { serverEnv } from "@/lib/env/server";
import { addToLogContext } from "@/lib/log/context";
import { authCookieNames } from "./cookies";
import { loadRecentSessionUser, loadSessionUser, type SessionUser } from "./session-store";

export type { SessionUser };

type CookieIds = { uid: string; sid: string; expMs: number } | null;

// Decrypting the cookie costs more than the rest of a proxied request's own work;
// a cookie's content never changes, so its ids are remembered (the session row is still read every time).
const decoded = new Map<string, CookieIds>();
const DECODED_LIMIT = 5_000;

async function idsOf(value: string): Promise<CookieIds> {
  const known = decoded.get(value);
  if (known !== undefined) return known && known.expMs > Date.now() ? known : null;
  let ids: CookieIds = null;
  try {
    const payload = await decode({ token: value, secret: serverEnv().NEXTAUTH_SECRET });
    if (typeof payload?.uid === "string" && typeof payload.sid === "string") {
      ids = {
        uid: payload.uid,
        sid: payload.sid,
        expMs: typeof payload.exp === "number" ? payload.exp * 1000 : Date.now(),
      };
    }
  } catch {
    ids = null;
  }
  if (decoded.size >= DECODED_LIMIT) decoded.clear();
  decoded.set(value, ids);
  return ids;
}

/**
 * The cookie holds a next-auth JWT (encrypted) with only the user id and the session row id.
 * `recent`: a read-only request may use what this process read of the session moments ago.
 * `activity: false`: an event stream's request, which does not keep the session from idling.
 */
export async function sessionUserFromCookie(
  value: string | undefined,
  options: { recent?: boolean; activity?: boolean } = {},
): Promise<SessionUser | null> {
  if (!value) return null;
  const ids = await idsOf(value);
  if (!ids) return null;
  const read = { activity: options.activity };
  return options.recent ? loadRecentSessionUser(ids.sid, ids.uid, read) : loadSessionUser(ids.sid, ids.uid, read);
}

/** The request's later log lines name the person and the workspace they work in (never more of them). */
function noteSessionUserInLog(user: SessionUser | null): void {
  if (user) addToLogContext({ userId: user.id, workspaceId: user.workspace?.id });
}

/** The signed-in person of this request, or null. `recent`: for a page's read only (see sessionUserFromCookie). */
export async function getSessionUser(options: { recent?: boolean } = {}): Promise<SessionUser | null> {
  const jar = await cookies();
  const user = await sessionUserFromCookie(jar.get(authCookieNames().session)?.value, options);
  noteSessionUserInLog(user);
  return user;
}

/** For route handlers: the person behind the request's session cookie, or null. */
export function sessionUserFromRequest(
  request: { cookies: { get(name: string): { value: string } | undefined } },
  options: { recent?: boolean; activity?: boolean } = {},
): Promise<SessionUser | null> {
  return sessionUserFromCookie(request.cookies.get(authCookieNames().session)?.value, options);
}
