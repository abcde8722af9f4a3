import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { nowMs, resetTestClock, setTestClockOffset } from "@/lib/clock";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { markSessionConfirmed, RECENT_CONFIRMATION_MS } from "./recent-confirmation";
import { createSession } from "./session-store";
import { signedIn } from "./testing/signed-in-session";

// Whoever signedIn.current names is signed in (the cookie is not what is tested here).
vi.mock("@/lib/auth/server/session", () => import("./testing/signed-in-session"));

const it = test.extend("person", async ({ db }, { onCleanup }) => {
  const user = await db.user.create({
    data: { accountingUserId: `recent:${randomUUID()}`, displayName: "Ria Recent" },
  });
  onCleanup(() => db.user.delete({ where: { id: user.id } }).then(() => undefined));
  return { id: user.id };
});

afterEach(() => {
  resetTestClock();
  signedIn.current = null;
});

// A route that matters, and one that does not.
const mattering = withRoute({ recentConfirmation: true, errors: [] }, () => successResponse({ done: true }));
const plain = withRoute({ errors: [] }, () => successResponse({ done: true }));

async function call(route: typeof plain, session: { sessionId: string; userId: string }) {
  signedIn.current = session;
  const response = await route(new NextRequest("http://localhost:3999/api/x", { method: "POST" }), {
    params: Promise.resolve({}),
  });
  return {
    status: response.status,
    body: (await response.json()) as { error?: { code: string; confirmedAt?: string } },
  };
}

/** Moves the app's clock to `ms` after `from` (the clock only moves forward). */
function clockAt(from: number, ms: number) {
  setTestClockOffset(from + ms - Date.now());
}

describe("recent confirmation for what matters", () => {
  it("passes 9:59 after the sign-in, refuses at 10:01 with 401 reauthentication_required", async ({ person }) => {
    const start = nowMs();
    const sessionId = await createSession(person.id);
    const session = { sessionId, userId: person.id };
    clockAt(start, RECENT_CONFIRMATION_MS - 1_000);
    expect((await call(mattering, session)).status).toBe(200);
    clockAt(start, RECENT_CONFIRMATION_MS + 1_000);
    const refused = await call(mattering, session);
    expect(refused.status).toBe(401);
    expect(refused.body.error?.code).toBe("reauthentication_required");
    expect(refused.body.error?.confirmedAt).toBeDefined();
    // What does not matter is not asked.
    expect((await call(plain, session)).status).toBe(200);
  });

  it("is per session: confirming one does not confirm another, and a new sign-in counts on the app's clock", async ({
    person,
  }) => {
    const start = nowMs();
    const first = { sessionId: await createSession(person.id), userId: person.id };
    const second = { sessionId: await createSession(person.id), userId: person.id };
    clockAt(start, RECENT_CONFIRMATION_MS + 60_000);
    await markSessionConfirmed({ id: person.id, sessionId: first.sessionId }, "passkey");
    expect((await call(mattering, first)).status).toBe(200);
    expect((await call(mattering, second)).body.error?.code).toBe("reauthentication_required");
    // Signed in while the clock runs ahead: fresh on that clock.
    const third = { sessionId: await createSession(person.id), userId: person.id };
    expect((await call(mattering, third)).status).toBe(200);
  });

  it("confirms only the person's own session", async ({ person, db }) => {
    const other = await db.user.create({ data: { accountingUserId: `recent:${randomUUID()}` } });
    try {
      const theirs = await createSession(other.id);
      await expect(markSessionConfirmed({ id: person.id, sessionId: theirs }, "email_code")).rejects.toMatchObject({
        code: "not_signed_in",
      });
    } finally {
      await db.user.delete({ where: { id: other.id } });
    }
  });

  it("counts a confirmation for a workspace only if it was of a kind that workspace accepts", async ({
    person,
    db,
  }) => {
    // Issue 35: in a workspace requiring passkeys the e-mail code is refused; confirming by code in
    // one's other workspace and switching back must not count there.
    const start = nowMs();
    const own = await db.workspace.create({
      data: { name: "Own", members: { create: { userId: person.id, roles: ["owner"] } } },
    });
    const strict = await db.workspace.create({
      data: { name: "Strict", requirePasskey: true, members: { create: { userId: person.id, roles: ["owner"] } } },
    });
    try {
      await db.passkey.create({
        data: { userId: person.id, credentialId: `cred-${randomUUID()}`, publicKey: Buffer.alloc(8), name: "Key" },
      });
      await db.user.update({ where: { id: person.id }, data: { activeWorkspaceId: own.id } });
      const session = { sessionId: await createSession(person.id), userId: person.id };
      clockAt(start, RECENT_CONFIRMATION_MS + 60_000);
      await markSessionConfirmed({ id: person.id, sessionId: session.sessionId }, "email_code");
      expect((await call(mattering, session)).status).toBe(200);
      await db.user.update({ where: { id: person.id }, data: { activeWorkspaceId: strict.id } });
      expect((await call(mattering, session)).body.error?.code).toBe("reauthentication_required");
      await markSessionConfirmed({ id: person.id, sessionId: session.sessionId }, "passkey");
      expect((await call(mattering, session)).status).toBe(200);
      // A sign-in by accounting is no passkey either; by passkey it is.
      const signedIn = { sessionId: await createSession(person.id, { method: "accounting" }), userId: person.id };
      expect((await call(mattering, signedIn)).body.error?.code).toBe("reauthentication_required");
      const byPasskey = { sessionId: await createSession(person.id, { method: "passkey" }), userId: person.id };
      expect((await call(mattering, byPasskey)).status).toBe(200);
    } finally {
      await db.workspace.deleteMany({ where: { id: { in: [own.id, strict.id] } } });
    }
  });
});
