import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { describe, expect } from "vitest";
import { syncBusinesses } from "./businesses";
import { forgetAccessToken } from "../connection/server/access-token";
import { accountingClientFor } from "./for-user";
import { proxyAccountingRequest } from "./proxy";
import { ACCOUNTING_PATH_HEADER, accountingPathOf } from "../proxy-path";
import { grantTokens } from "../testing/sandbox-grant";
import { freshTest } from "../testing/fixtures";
import { seedConnection } from "../testing/seed-connection";
import { ALICE, grantClientFor } from "../testing/test-env";
import { loadSessionUser } from "@/lib/auth/server/session-store";
import { proxy as nextProxy } from "@/proxy";

interface SandboxFixtures {
  users: { id: string; email: string; businesses: { id: string; name: string; owner: boolean; lead: boolean }[] }[];
}

/** Alice, signed in with a fresh connection and her businesses synced; `cookie` is hers (empty: no session). */
interface SignedIn {
  userId: string;
  cookie: string;
}

const it = freshTest
  .extend(
    "fixtures",
    { scope: "file" },
    async ({ sandbox }) => (await sandbox.control<SandboxFixtures>("GET", "/fixtures")).body,
  )
  .extend(
    "alice",
    { scope: "file" },
    async ({ fixtures }) =>
      () =>
        fixtures.users.find((user) => user.email === ALICE.email)!,
  )
  .extend(
    "darasOwnOnly",
    { scope: "file" },
    async ({ fixtures, alice }) =>
      () =>
        fixtures.users
          .find((user) => user.email.startsWith("dara"))!
          .businesses.find((b) => !alice().businesses.some((a) => a.id === b.id))!,
  )
  .extend(
    "apiCalls",
    { scope: "file" },
    async ({ sandbox }) =>
      async () =>
        (await sandbox.control<{ api: number }>("GET", "/stats")).body.api,
  )
  .extend("signedIn", { auto: true }, async ({ sandbox, db }): Promise<SignedIn> => {
    const tokens = await grantTokens(grantClientFor(sandbox), ALICE);
    const seeded = await seedConnection(db, tokens);
    forgetAccessToken(seeded.connectionId);
    const userId = seeded.userId;
    const session = await db.session.create({ data: { userId, expiresAt: new Date(Date.now() + 3_600_000) } });
    const cookie = `ledgerlane.session=${await encode({ token: { uid: userId, sid: session.id }, secret: process.env.NEXTAUTH_SECRET! })}`;
    const user = await loadSessionUser(session.id, userId);
    await syncBusinesses(userId, accountingClientFor(user!));
    return { userId, cookie };
  })
  .extend("request", async ({ signedIn }) => request.bind(null, signedIn))
  .extend("call", async ({ signedIn }) => call.bind(null, signedIn));

/** A request as the route sees it after proxy.ts (see proxy-path.ts) rewrote `/api/accounting<path>`. */
function request(
  { cookie }: SignedIn,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
) {
  const url = new URL(`http://localhost:3999/api/accounting${path}`);
  const upstreamPath = accountingPathOf(url.pathname) ?? "";
  url.pathname = "/api/accounting";
  return new NextRequest(url, {
    method,
    headers: { cookie, [ACCOUNTING_PATH_HEADER]: upstreamPath, ...init.headers },
    body: init.body,
  });
}

/** The proxy's envelope (see proxy.ts); `data` is the service's JSON object. */
interface Envelope {
  ok: boolean;
  status: number;
  business: { sent: string | null; expected: string | null; received: string | null; changed: boolean } | null;
  data: Record<string, unknown>;
  error: {
    code: string;
    message: string;
    fields: Record<string, string>;
    details: { code: string; message: string; source: string }[];
    retryAt?: string;
  };
}

async function call(
  signedIn: SignedIn,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
) {
  const response = await proxyAccountingRequest(request(signedIn, method, path, init));
  return { response, body: (await response.json()) as Envelope };
}

describe("the accounting proxy", () => {
  it("passes the service's answer on in the documented envelope, with the business it used", async ({
    alice,
    call,
  }) => {
    const { response, body } = await call("GET", "/user");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body.ok).toBe(true);
    expect(body.data.last_name).toBe("Hartley");
    const lead = alice().businesses.find((business) => business.lead)!;
    expect(body.business).toEqual({ sent: null, expected: lead.id, received: lead.id, changed: false });
  });

  it("refuses another user's business id with 403, without reaching the service", async ({
    darasOwnOnly,
    apiCalls,
    call,
  }) => {
    const before = await apiCalls();
    const foreign = darasOwnOnly();
    const { response, body } = await call("GET", `/businesses/${foreign.id}`, {
      headers: { "x-business": foreign.id },
    });
    expect(response.status).toBe(403);
    expect(body.error.code).toBe("unknown_business");
    expect(await apiCalls()).toBe(before);
  });

  it("refuses another user's business id in the path with 403, for every method, without reaching the service", async ({
    darasOwnOnly,
    apiCalls,
    call,
  }) => {
    const before = await apiCalls();
    const foreign = darasOwnOnly();
    for (const method of ["GET", "PUT", "DELETE"]) {
      const body = method === "PUT" ? JSON.stringify({ business: { name: "Taken" } }) : undefined;
      const { response, body: answer } = await call(method, `/businesses/${foreign.id}`, {
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response.status, method).toBe(403);
      expect(answer.error.code).toBe("unknown_business");
    }
    expect((await call("GET", `/businesses/${foreign.id}/users`)).response.status).toBe(403);
    expect(await apiCalls()).toBe(before);
  });

  it("sends the person's chosen business", async ({ db, alice, signedIn, call }) => {
    const other = alice().businesses.find((business) => !business.lead)!;
    await db.user.update({ where: { id: signedIn.userId }, data: { selectedBusinessId: other.id } });
    const { body } = await call("GET", "/businesses/lead");
    expect(body.business).toMatchObject({ sent: other.id, received: other.id, changed: false });
  });

  it("detects a change of lead business by the answer's X-Business", async ({ sandbox, alice, call }) => {
    const other = alice().businesses.find((business) => !business.lead)!;
    await sandbox.control("POST", "/lead", { user_id: alice().id, business_id: other.id });
    const { response, body } = await call("GET", "/user");
    expect(body.business).toMatchObject({ changed: true, received: other.id });
    expect(response.headers.get("x-business-changed")).toBe("true");
  });

  it("accepts only application/json bodies and checks known writes with the shared schemas", async ({
    alice,
    call,
  }) => {
    const form = await call("PUT", "/user", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "user[last_name]=X",
    });
    expect(form.response.status).toBe(415);
    const invalid = await call("PUT", "/user", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: { last_name: " " } }),
    });
    expect(invalid.response.status).toBe(422);
    expect(invalid.body.error.fields).toEqual({ last_name: "validation.blank" });
    const owned = alice().businesses.find((business) => business.owner)!;
    const upstream = await call("PUT", `/businesses/${owned.id}`, {
      headers: { "content-type": "application/json", "x-business": owned.id },
      body: JSON.stringify({ business: { website: "https://hartley.example" } }),
    });
    expect(upstream.response.status).toBe(200);
    expect(upstream.body.data.website).toBe("https://hartley.example");
  });

  it("stores the new name after a change of the last name, so the header shows it at once", async ({
    db,
    signedIn,
    call,
  }) => {
    const { userId } = signedIn;
    const { response, body } = await call("PUT", "/user", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: { last_name: "Hartley-Moss" } }),
    });
    expect(response.status).toBe(200);
    expect(body.ok).toBe(true);
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).displayName).toBe("Alice Hartley-Moss");
  });

  it("passes the service's errors on in the same shape, field errors included", async ({ alice, call }) => {
    const notOwned = alice().businesses.find((business) => !business.owner)!;
    const { response, body } = await call("PUT", `/businesses/${notOwned.id}`, {
      headers: { "content-type": "application/json", "x-business": notOwned.id },
      body: JSON.stringify({ business: { mobile: "0770" } }),
    });
    expect(response.status).toBe(403);
    // The code is the envelope's; the service's own code and text go along only as detail(s).
    expect(body).toMatchObject({
      ok: false,
      status: 403,
      error: { code: "forbidden", details: [{ code: "Forbidden" }] },
    });
    expect(body.error.message).not.toBe(body.error.details[0]!.message);
    expect((body.error as { detail?: string }).detail).toBe(body.error.details[0]!.message);
  });

  it("changes nothing for a request from a foreign Origin (refused by proxy.ts before the route)", async ({
    signedIn,
    call,
  }) => {
    const foreign = new NextRequest("http://localhost:3999/api/accounting/user", {
      method: "PUT",
      headers: {
        cookie: signedIn.cookie,
        "content-type": "application/json",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      body: JSON.stringify({ user: { last_name: "Evil" } }),
    });
    const response = nextProxy(foreign);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: "cross_site_request" } });
    expect((await call("GET", "/user")).body.data.last_name).toBe("Hartley");
  });

  it("answers 401 without a session and refuses paths that leave the API", async ({ signedIn, request, call }) => {
    signedIn.cookie = "";
    expect((await call("GET", "/user")).response.status).toBe(401);
    for (const path of ["/../control", "/%2e%2e/control", "/user//x", "/", ""]) {
      const bad = await proxyAccountingRequest(request("GET", "/x", { headers: { [ACCOUNTING_PATH_HEADER]: path } }));
      expect(bad.status, path).toBe(400);
    }
  });
});
