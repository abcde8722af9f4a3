import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { loadSessionUser } from "@/lib/auth/server/session-store";
import { resetTestClock, setTestClockOffset } from "@/lib/clock";
import { SOCKET_ADDRESS_HEADER } from "@/lib/http/server/socket-address";
import { newSecret, requestSignInLink } from "./email-link";
import { postCompleteEmailLink, postRequestEmailLink } from "../../server/email-handlers";

// Outside a Next request: texts by key, English.
vi.mock("next-intl/server", () => ({
  getTranslations: () => Promise.resolve(Object.assign((key: string) => key, { has: () => true })),
  getLocale: () => Promise.resolve("en"),
}));

const BROWSER = "ledgerlane.sign-in-browser";
const SESSION = "ledgerlane.session";
const noParams = { params: Promise.resolve({}) };

function post(path: string, body: unknown, options: { browser?: string; ip?: string } = {}): NextRequest {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36",
  };
  if (options.browser) headers.cookie = `${BROWSER}=${options.browser}`;
  // As the app's server stamps it (lib/http/server/socket-address.ts).
  headers[SOCKET_ADDRESS_HEADER] =
    options.ip ?? `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  return new NextRequest(`http://localhost:3999${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** Who may sign in by e-mail: someone whose address is verified here. */
const it = test.extend("known", async ({ db }, { onCleanup }) => {
  const email = address("vera");
  const user = await db.user.create({
    data: { email, verifiedEmail: email, emailVerifiedAt: new Date(), displayName: "Vera Verified" },
  });
  onCleanup(() => db.user.delete({ where: { id: user.id } }).then(() => undefined));
  return { id: user.id, email };
});

afterEach(() => resetTestClock());

async function complete(token: string, browser: string | undefined) {
  const response = await postCompleteEmailLink(post("/api/sign-in/email/complete", { token }, { browser }), noParams);
  return {
    response,
    body: (await response.json()) as { ok: boolean; data?: { redirectTo: string }; error?: { code: string } },
  };
}

describe("asking for a sign-in link", () => {
  it("answers a known and an unknown address alike: same status, same body, a browser cookie, nobody signed in", async ({
    db,
    known,
  }) => {
    const answers = [];
    for (const email of [known.email, address("nobody")]) {
      const response = await postRequestEmailLink(post("/api/sign-in/email", { email }), noParams);
      const cookies = response.headers.getSetCookie();
      expect(cookies.some((cookie) => cookie.startsWith(`${BROWSER}=`))).toBe(true);
      expect(cookies.some((cookie) => cookie.startsWith(`${SESSION}=`))).toBe(false);
      answers.push({ status: response.status, body: await response.text() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(202);
    expect(await db.session.count({ where: { userId: known.id } })).toBe(0);
  });

  it("refuses the excess of 20 requests for one address from one network in a minute with 429 and Retry-After", async ({
    known,
  }) => {
    const statuses: number[] = [];
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}`;
    for (let index = 0; index < 20; index += 1) {
      // Each from another browser: the limit of the address from this network refuses.
      const response = await postRequestEmailLink(
        post("/api/sign-in/email", { email: known.email }, { browser: newSecret(), ip }),
        noParams,
      );
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await response.json()).toMatchObject({
          ok: false,
          error: { code: "rate_limited", limit: "email-link-address-ip" },
        });
      }
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it("refuses the excess from one browser and from one IP address too", async () => {
    const browser = newSecret();
    const fromBrowser = [];
    for (let index = 0; index < 11; index += 1)
      fromBrowser.push(
        (await postRequestEmailLink(post("/api/sign-in/email", { email: address("b") }, { browser }), noParams)).status,
      );
    expect(fromBrowser.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(fromBrowser[10]).toBe(429);
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}`;
    const fromIp = [];
    for (let index = 0; index < 31; index += 1)
      fromIp.push(
        (
          await postRequestEmailLink(
            post("/api/sign-in/email", { email: address("i") }, { browser: newSecret(), ip }),
            noParams,
          )
        ).status,
      );
    expect(fromIp.filter((status) => status === 429)).toEqual([429]);
  });
});

describe("opening a sign-in link", () => {
  it("signs in once with the session cookie; the same link again is refused and signs nobody in", async ({
    db,
    known,
  }) => {
    const browser = newSecret();
    const { token } = await requestSignInLink({
      email: known.email.toUpperCase(),
      callbackUrl: "/settings/security",
      browserNonce: browser,
      ip: "x",
    });
    const first = await complete(token, browser);
    expect(first.response.status).toBe(200);
    expect(first.body.data).toEqual({ redirectTo: "/settings/security" });
    expect(first.response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION}=`))).toBe(true);
    const [session] = await db.session.findMany({ where: { userId: known.id } });
    expect(session).toMatchObject({ method: "email", userAgent: expect.stringContaining("Chrome") });
    expect(await loadSessionUser(session!.id, known.id)).toMatchObject({
      accountingUserId: null,
      connection: null,
      businessIds: [],
    });

    const again = await complete(token, browser);
    expect(again.response.status).toBe(410);
    expect(again.body.error?.code).toBe("sign_in_link_used");
    expect(again.response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION}=`))).toBe(false);
    expect(await db.session.count({ where: { userId: known.id } })).toBe(1);
    const kinds = await db.auditEntry.findMany({
      where: { actorId: null, kind: "session.sign_in_failed" },
      select: { details: true },
    });
    expect(kinds.some((entry) => (entry.details as { email?: string }).email === known.email)).toBe(true);
  });

  it("refuses a link after 15 minutes (the app's clock)", async ({ db, known }) => {
    const browser = newSecret();
    const { token } = await requestSignInLink({
      email: known.email,
      callbackUrl: null,
      browserNonce: browser,
      ip: "x",
    });
    setTestClockOffset(15 * 60_000 + 1_000);
    const late = await complete(token, browser);
    expect(late.response.status).toBe(410);
    expect(late.body.error?.code).toBe("sign_in_link_expired");
    expect(await db.session.count({ where: { userId: known.id } })).toBe(0);
  });

  it("refuses a link opened in another browser, and still works in the one that asked", async ({ db, known }) => {
    const browser = newSecret();
    const { token } = await requestSignInLink({
      email: known.email,
      callbackUrl: null,
      browserNonce: browser,
      ip: "x",
    });
    for (const other of [newSecret(), undefined]) {
      const elsewhere = await complete(token, other);
      expect(elsewhere.response.status).toBe(403);
      expect(elsewhere.body.error?.code).toBe("sign_in_link_other_browser");
    }
    expect(await db.session.count({ where: { userId: known.id } })).toBe(0);
    expect((await complete(token, browser)).response.status).toBe(200);
  });

  it("signs nobody in for an address nobody has, and reads as an unknown link", async ({ db }) => {
    const browser = newSecret();
    const email = address("ghost");
    const { token } = await requestSignInLink({ email, callbackUrl: null, browserNonce: browser, ip: "x" });
    const answer = await complete(token, browser);
    expect(answer.response.status).toBe(404);
    expect(answer.body.error?.code).toBe("sign_in_link_invalid");
    expect(await db.user.count({ where: { verifiedEmail: email } })).toBe(0);
  });

  it("makes an invited person a user without an accounting account, with a personal workspace and an audit entry", async ({
    db,
  }) => {
    const email = address("ida");
    const workspace = await db.workspace.create({ data: { name: `Firm ${randomUUID().slice(0, 6)}` } });
    await db.workspaceInvitation.create({
      data: {
        workspaceId: workspace.id,
        tokenHash: randomUUID(),
        roles: ["clerk"],
        expiresAt: new Date(Date.now() + 86_400_000),
        inviteeEmail: email,
        inviteeName: "Ida Invited",
      },
    });
    const browser = newSecret();
    const { token, recipient } = await requestSignInLink({ email, callbackUrl: null, browserNonce: browser, ip: "x" });
    expect(recipient).toMatchObject({ userId: null, name: "Ida Invited" });
    expect((await complete(token, browser)).response.status).toBe(200);
    const user = await db.user.findUniqueOrThrow({
      where: { verifiedEmail: email },
      include: { personalWorkspace: true },
    });
    expect(user).toMatchObject({ accountingUserId: null, displayName: "Ida Invited", email });
    const entries = await db.auditEntry.findMany({ where: { workspaceId: user.personalWorkspace!.id } });
    expect(entries.map((entry) => entry.kind)).toEqual(["session.signed_in"]);
    expect(entries[0]!.details).toMatchObject({ method: "email", device: "Chrome on Linux" });
  });
});
