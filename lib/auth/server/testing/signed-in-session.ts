import { loadSessionUser } from "../session-store";

/**
 * A stand-in for lib/auth/server/session.ts in vitest files (`vi.mock("@/lib/auth/server/session",
 * () => import("@/lib/auth/server/testing/signed-in-session"))`): whoever `signedIn.current` names is
 * signed in, read through the real session store (its checks, its cache), without a cookie.
 */
export const signedIn = { current: null as null | { sessionId: string; userId: string } };

const load = () =>
  signedIn.current ? loadSessionUser(signedIn.current.sessionId, signedIn.current.userId) : Promise.resolve(null);

export const getSessionUser = load;
export const sessionUserFromRequest = load;
export const sessionUserFromCookie = load;
