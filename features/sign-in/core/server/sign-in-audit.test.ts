import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { accountingConfig } from "@/features/accounting/oauth/server/config";
import { grantTokens } from "@/features/accounting/testing/sandbox-grant";
import { ALICE, grantClientFor } from "@/features/accounting/testing/test-env";
import { beginAccountLink } from "@/features/account-linking/server/account-link";
import { createSession } from "@/lib/auth/server/session-store";
import type { PrismaClient } from "@/lib/db/generated/client";
import { ensurePersonalWorkspace } from "@/features/workspaces/server/personal";
import { runInCallbackContext } from "../../server/callback-context";
import { authOptions } from "../../server/options";
import { handleAuthGet } from "../../server/route-handler";
import { endOtherSessions, endSession } from "../../server/sessions";
import { signOutUser } from "../../server/sign-out";

// Issue item 5: each sign-in, refused attempt and sign-out writes an entry to the person's trail
// (the e-mail link's and the passkey's own tests cover theirs: email-link.test.ts, passkeys.test.ts).

const session = vi.hoisted(() => ({ current: null as null | { sessionId: string; userId: string } }));
vi.mock("@/lib/auth/server/session", async () => {
  const store = await import("@/lib/auth/server/session-store");
  const load = () =>
    session.current ? store.loadSessionUser(session.current.sessionId, session.current.userId) : Promise.resolve(null);
  return { getSessionUser: load, sessionUserFromRequest: load, sessionUserFromCookie: load };
});

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

const it = test.extend("person", async ({ db }, { onCleanup }) => {
  const user = await db.user.create({ data: { displayName: "Sven Sessions" } });
  onCleanup(() => db.user.deleteMany({ where: { id: user.id } }).then(() => undefined));
  await ensurePersonalWorkspace(user.id);
  return { id: user.id };
});

afterEach(() => {
  session.current = null;
});

async function entries(db: PrismaClient, userId: string, kind: string) {
  const rows = await db.auditEntry.findMany({
    where: { kind, workspace: { personalUserId: userId } },
    orderBy: { occurredAt: "asc" },
  });
  return rows.map((row) => row.details as Record<string, unknown>);
}

describe("sign-ins and sign-outs in the person's trail", () => {
  it("an accounting sign-in is recorded with its method and device", async ({ db }) => {
    const config = accountingConfig();
    const tokens = await grantTokens(
      grantClientFor({ urls: { accounting: { auth_url: config.authUrl, token_url: config.tokenUrl } } } as never),
      ALICE,
    );
    const account = { ...tokens, provider: "accounting", expires_at: Math.round(Date.now() / 1000) + 300 };
    const jwt = authOptions().callbacks!.jwt!;
    const token = (await runInCallbackContext({ country: "gb", signedIn: false, userAgent: CHROME }, () =>
      jwt({ token: {}, account: account as never, user: { id: "x" } }),
    )) as { uid: string; sid: string };
    try {
      expect(await entries(db, token.uid, "session.signed_in")).toEqual([
        { method: "accounting", sessionId: token.sid, device: "Chrome on Linux" },
      ]);
    } finally {
      await db.user.deleteMany({ where: { id: token.uid } });
    }
  });

  it("signing out, ending one other session and all others are recorded, each with its scope", async ({
    db,
    person,
  }) => {
    const [here, laptop, phone, tablet] = await Promise.all(
      [CHROME, CHROME, null, null].map((userAgent) => createSession(person.id, { method: "email", userAgent })),
    );
    expect(await endSession(person.id, here!, laptop!)).toBe(1);
    expect(await endOtherSessions(person.id, here!)).toBe(2);
    await signOutUser(person.id, here!);
    const ended = await entries(db, person.id, "session.signed_out");
    expect(ended.map((details) => details.scope)).toEqual(["one", "others", "this"]);
    expect(ended[0]!.sessionIds).toEqual([laptop]);
    expect((ended[1]!.sessionIds as string[]).sort()).toEqual([phone, tablet].sort());
    expect(ended[2]).toEqual({ scope: "this", sessionIds: [here], devices: ["Chrome on Linux"] });
    expect(await db.session.count({ where: { userId: person.id } })).toBe(0);
  });

  it("a failed accounting callback of a link begun here is recorded and links nothing", async ({ db, person }) => {
    const sessionId = await createSession(person.id, { method: "email" });
    session.current = { userId: person.id, sessionId };
    const nonce = await beginAccountLink({ userId: person.id, sessionId, accountingUserId: null });
    const request = new NextRequest("http://localhost:3999/api/auth/callback/accounting?error=access_denied&state=x", {
      headers: { cookie: `ledgerlane.account-link=${nonce}` },
    });
    const response = await handleAuthGet(request, {
      params: Promise.resolve({ nextauth: ["callback", "accounting"] }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3999/settings/security?link=failed");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("ledgerlane.account-link=;"))).toBe(true);
    expect(await entries(db, person.id, "session.sign_in_failed")).toEqual([
      { method: "accounting", reason: "callback_failed", email: "" },
    ]);
    expect((await db.user.findUniqueOrThrow({ where: { id: person.id } })).accountingUserId).toBeNull();
  });

  it("a refused accounting callback of a plain sign-in (nobody known) goes to the sign-in page, recorded nowhere", async ({
    db,
  }) => {
    const before = await db.auditEntry.count({ where: { kind: "session.sign_in_failed" } });
    const request = new NextRequest(
      `http://localhost:3999/api/auth/callback/accounting?error=access_denied&state=${randomUUID()}`,
    );
    const response = await handleAuthGet(request, {
      params: Promise.resolve({ nextauth: ["callback", "accounting"] }),
    });
    expect(response.headers.get("location")).toBe("http://localhost:3999/sign-in?error=access_denied");
    expect(await db.auditEntry.count({ where: { kind: "session.sign_in_failed" } })).toBe(before);
  });
});
