import { NextRequest } from "next/server";
import { afterEach, describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { createSession } from "@/lib/auth/server/session-store";
import { sha256 } from "../core/server/email-link";
import { handleAuthPost } from "./route-handler";

// Beginning a link (`POST /api/auth/signin/accounting?link=1`): only for a signed-in e-mail person,
// bound to their session by a row and an HttpOnly nonce cookie.

const session = vi.hoisted(() => ({ current: null as null | { sessionId: string; userId: string } }));
vi.mock("@/lib/auth/server/session", async () => {
  const store = await import("@/lib/auth/server/session-store");
  const load = () =>
    session.current ? store.loadSessionUser(session.current.sessionId, session.current.userId) : Promise.resolve(null);
  return { getSessionUser: load, sessionUserFromRequest: load, sessionUserFromCookie: load };
});

// next-auth itself (CSRF, the authorization URL) is not what is tested here: it answers a redirect.
vi.mock("next-auth", () => ({
  default: () => () =>
    Promise.resolve(new Response(null, { status: 302, headers: { location: "http://service.test/authorize" } })),
}));

const it = test.extend("person", async ({ db }, { onCleanup }) => {
  const user = await db.user.create({ data: { displayName: "Lina Link" } });
  onCleanup(() => db.user.deleteMany({ where: { id: user.id } }).then(() => undefined));
  return { id: user.id, sessionId: await createSession(user.id, { method: "email" }) };
});

afterEach(() => {
  session.current = null;
});

const begin = () =>
  handleAuthPost(
    new NextRequest("http://localhost:3999/api/auth/signin/accounting?link=1&scope=full_access", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "callbackUrl=%2Fsettings%2Fsecurity%2Flink",
    }),
    { params: Promise.resolve({ nextauth: ["signin", "accounting"] }) },
  );

const linkCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("ledgerlane.account-link="))
    ?.split(";")[0]!
    .slice("ledgerlane.account-link=".length);

describe("beginning a link", () => {
  it("binds a link to the signed-in e-mail person's session with an HttpOnly nonce cookie", async ({ db, person }) => {
    session.current = { userId: person.id, sessionId: person.sessionId };
    const response = await begin();
    const nonce = linkCookie(response);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith("ledgerlane.account-link="))).toContain(
      "HttpOnly",
    );
    const row = await db.accountLinkIntent.findUniqueOrThrow({ where: { nonceHash: sha256(nonce!) } });
    expect(row).toMatchObject({ userId: person.id, sessionId: person.sessionId, returnedAt: null, decidedAt: null });
  });

  it("begins nothing for a signed-out browser or someone who already has an accounting account", async ({
    db,
    person,
  }) => {
    expect(linkCookie(await begin())).toBeUndefined();
    await db.user.update({ where: { id: person.id }, data: { accountingUserId: `linked-${person.id}` } });
    session.current = { userId: person.id, sessionId: person.sessionId };
    expect(linkCookie(await begin())).toBeUndefined();
    expect(await db.accountLinkIntent.count({ where: { userId: person.id } })).toBe(0);
  });
});
