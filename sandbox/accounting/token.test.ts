import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEV_CLIENT,
  DEV_V3_CLIENT,
  api,
  fixtureUsers,
  postForm,
  refreshWith,
  startTestSandbox,
  userByEmail,
  v31Code,
  v31Tokens,
  type FixtureUser,
  type TestSandbox,
  walkAuthorization,
} from "../test-support";

let t: TestSandbox;
let alice: FixtureUser;

beforeAll(async () => {
  t = await startTestSandbox();
  alice = userByEmail(await fixtureUsers(t), "alice");
});
afterAll(() => t.close());
beforeEach(() => t.control("POST", "/reset"));

const advance = (seconds: number) => t.control("POST", "/clock", { advance_seconds: seconds });

function exchange(code: string, overrides: Record<string, string> = {}) {
  return postForm(t.urls.accounting.token_url, {
    grant_type: "authorization_code",
    code,
    redirect_uri: DEV_CLIENT.redirect_uri,
    client_id: DEV_CLIENT.client_id,
    client_secret: DEV_CLIENT.client_secret,
    ...overrides,
  });
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

describe("code exchange", () => {
  it("answers exactly the documented token response", async () => {
    const code = await v31Code(t, alice);
    const response = await exchange(code);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(response.body)).toEqual([
      "access_token",
      "scopes",
      "token_type",
      "expires_in",
      "refresh_token",
      "refresh_token_expires_in",
      "requested_by_id",
    ]);
    expect(response.body).toMatchObject({
      scopes: "full_access",
      token_type: "bearer",
      expires_in: 300,
      refresh_token_expires_in: 2678400,
      requested_by_id: alice.id,
    });
    expect(response.body.requested_by_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const access = String(response.body.access_token);
    expect(Buffer.byteLength(access)).toBeLessThanOrEqual(2048);
    expect(Buffer.byteLength(String(response.body.refresh_token))).toBeLessThanOrEqual(2048);
  });

  it("grants readonly when no scope was asked for (the sandbox's default)", async () => {
    const callback = await walkAuthorization(
      t.urls.accounting.auth_url,
      { client_id: DEV_CLIENT.client_id, redirect_uri: DEV_CLIENT.redirect_uri, response_type: "code", country: "gb" },
      alice,
    );
    const response = await exchange(callback.searchParams.get("code") ?? "");
    expect(response.body.scopes).toBe("readonly");
  });

  it("accepts client authentication by HTTP Basic", async () => {
    const code = await v31Code(t, alice);
    const response = await postForm(
      t.urls.accounting.token_url,
      { grant_type: "authorization_code", code, redirect_uri: DEV_CLIENT.redirect_uri },
      { authorization: basic(DEV_CLIENT.client_id, DEV_CLIENT.client_secret) },
    );
    expect(response.status).toBe(200);
  });

  it("answers 401 invalid_client with WWW-Authenticate for bad Basic credentials", async () => {
    const code = await v31Code(t, alice);
    const response = await postForm(
      t.urls.accounting.token_url,
      { grant_type: "authorization_code", code, redirect_uri: DEV_CLIENT.redirect_uri },
      { authorization: basic(DEV_CLIENT.client_id, "wrong") },
    );
    expect(response.status).toBe(401);
    expect(response.body.error).toBe("invalid_client");
    expect(response.headers.get("www-authenticate")).toMatch(/^Basic /);
  });

  it("answers 401 invalid_client for a wrong secret in the form, a missing secret or an unknown client", async () => {
    const code = await v31Code(t, alice);
    for (const overrides of [{ client_secret: "nope" }, { client_id: "unknown" }] as Array<Record<string, string>>) {
      const response = await exchange(code, overrides);
      expect(response.status).toBe(401);
      expect(response.body.error).toBe("invalid_client");
      expect(response.headers.get("www-authenticate")).toBeNull();
    }
    const noSecret = await postForm(t.urls.accounting.token_url, {
      grant_type: "authorization_code",
      code,
      redirect_uri: DEV_CLIENT.redirect_uri,
      client_id: DEV_CLIENT.client_id,
    });
    expect(noSecret.status).toBe(401);
    expect((await exchange(code)).status).toBe(200);
  });

  it("refuses two authentication methods at once", async () => {
    const code = await v31Code(t, alice);
    const response = await postForm(
      t.urls.accounting.token_url,
      {
        grant_type: "authorization_code",
        code,
        redirect_uri: DEV_CLIENT.redirect_uri,
        client_secret: DEV_CLIENT.client_secret,
      },
      { authorization: basic(DEV_CLIENT.client_id, DEV_CLIENT.client_secret) },
    );
    expect(response.body.error).toBe("invalid_request");
  });

  it("a code is good for 60 seconds only", async () => {
    const code = await v31Code(t, alice);
    await advance(61);
    const response = await exchange(code);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("invalid_grant");
    const fresh = await v31Code(t, alice);
    await advance(55);
    expect((await exchange(fresh)).status).toBe(200);
  });

  it("a second use of a code fails and revokes the tokens the first use issued", async () => {
    const code = await v31Code(t, alice);
    const first = await exchange(code);
    expect(first.status).toBe(200);
    const second = await exchange(code);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe("invalid_grant");
    expect((await api(t, String(first.body.access_token), "/user")).status).toBe(401);
    expect((await refreshWith(t, String(first.body.refresh_token))).body.error).toBe("invalid_grant");
  });

  it("the redirect_uri must be exactly the one of the authorization request", async () => {
    const code = await v31Code(t, alice);
    expect((await exchange(code, { redirect_uri: `${DEV_CLIENT.redirect_uri}?x=1` })).body.error).toBe("invalid_grant");
    expect((await exchange(code, { redirect_uri: `${DEV_CLIENT.redirect_uri}/` })).body.error).toBe("invalid_grant");
    expect((await exchange(code)).status).toBe(200);
  });

  it("a code of one client cannot be redeemed by another", async () => {
    const other = await t.control<{ client_id: string; client_secret: string }>("POST", "/clients", {
      name: "Other",
      redirect_uris: [DEV_CLIENT.redirect_uri],
      version: "v3.1",
    });
    const code = await v31Code(t, alice);
    const response = await exchange(code, { client_id: other.body.client_id, client_secret: other.body.client_secret });
    expect(response.body.error).toBe("invalid_grant");
  });
});

describe("token endpoint errors", () => {
  it("maps each error to its RFC 6749 status", async () => {
    const code = await v31Code(t, alice);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ grant_type: "" }, 400, "invalid_request"],
      [{ grant_type: "password" }, 400, "unsupported_grant_type"],
      [{ code: "" }, 400, "invalid_request"],
      [{ redirect_uri: "" }, 400, "invalid_request"],
      [{ code: "unknown" }, 400, "invalid_grant"],
    ];
    for (const [overrides, status, error] of cases) {
      const values = Object.fromEntries(
        Object.entries({
          grant_type: "authorization_code",
          code,
          redirect_uri: DEV_CLIENT.redirect_uri,
          client_id: DEV_CLIENT.client_id,
          client_secret: DEV_CLIENT.client_secret,
          ...overrides,
        }).filter(([, value]) => value !== ""),
      );
      const response = await postForm(t.urls.accounting.token_url, values);
      expect([response.status, response.body.error]).toEqual([status, error]);
    }
  });

  it("refuses repeated parameters and other content types", async () => {
    const repeated = await fetch(t.urls.accounting.token_url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token&grant_type=refresh_token&refresh_token=x",
    });
    expect(repeated.status).toBe(400);
    expect(((await repeated.json()) as { error: string }).error).toBe("invalid_request");
    const jsonBody = await fetch(t.urls.accounting.token_url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "refresh_token" }),
    });
    expect(jsonBody.status).toBe(400);
  });

  it("answers unauthorized_client for a grant type the client may not use", async () => {
    const limited = await t.control<{ client_id: string; client_secret: string }>("POST", "/clients", {
      name: "No refresh",
      redirect_uris: [DEV_CLIENT.redirect_uri],
      version: "v3.1",
      grant_types: ["authorization_code"],
    });
    const response = await postForm(t.urls.accounting.token_url, {
      grant_type: "refresh_token",
      refresh_token: "x",
      client_id: limited.body.client_id,
      client_secret: limited.body.client_secret,
    });
    expect([response.status, response.body.error]).toEqual([400, "unauthorized_client"]);
  });

  it("answers invalid_scope for a renewal asking more than was granted", async () => {
    const tokens = await v31Tokens(t, alice, { scope: "readonly" });
    const response = await postForm(t.urls.accounting.token_url, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      scope: "full_access",
      client_id: DEV_CLIENT.client_id,
      client_secret: DEV_CLIENT.client_secret,
    });
    expect([response.status, response.body.error]).toEqual([400, "invalid_scope"]);
  });

  it("v3 credentials do not work at the v3.1 token endpoint", async () => {
    const response = await postForm(t.urls.accounting.token_url, {
      grant_type: "refresh_token",
      refresh_token: "x",
      client_id: DEV_V3_CLIENT.client_id,
      client_secret: DEV_V3_CLIENT.client_secret,
    });
    expect([response.status, response.body.error]).toEqual([401, "invalid_client"]);
  });
});

describe("renewal", () => {
  it("rotates: the new pair works, the old refresh token is dead at once", async () => {
    const tokens = await v31Tokens(t, alice);
    const renewed = await refreshWith(t, tokens.refresh_token);
    expect(renewed.status).toBe(200);
    expect(renewed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(renewed.body).toMatchObject({
      token_type: "bearer",
      expires_in: 300,
      refresh_token_expires_in: 2678400,
      requested_by_id: alice.id,
    });
    expect((await refreshWith(t, tokens.refresh_token)).body.error).toBe("invalid_grant");
    expect((await api(t, String(renewed.body.access_token), "/user")).status).toBe(200);
    expect((await refreshWith(t, String(renewed.body.refresh_token))).status).toBe(200);
  });

  it("a refresh token unused for 31 days is expired", async () => {
    const tokens = await v31Tokens(t, alice);
    await advance(2_678_400);
    const response = await refreshWith(t, tokens.refresh_token);
    expect([response.status, response.body.error]).toEqual([400, "invalid_grant"]);
  });

  it("a renewal at day 30 keeps access alive past day 31", async () => {
    const tokens = await v31Tokens(t, alice);
    await advance(30 * 86_400);
    const renewed = await refreshWith(t, tokens.refresh_token);
    expect(renewed.status).toBe(200);
    await advance(2 * 86_400);
    expect((await refreshWith(t, String(renewed.body.refresh_token))).status).toBe(200);
  });

  it("an access token lives 300 seconds", async () => {
    const tokens = await v31Tokens(t, alice);
    await advance(299);
    expect((await api(t, tokens.access_token, "/user")).status).toBe(200);
    await advance(2);
    expect((await api(t, tokens.access_token, "/user")).status).toBe(401);
  });

  it("a refresh token of another client is refused", async () => {
    const tokens = await v31Tokens(t, alice);
    const other = await t.control<{ client_id: string; client_secret: string }>("POST", "/clients", {
      name: "Other",
      redirect_uris: ["http://127.0.0.1:9/cb"],
      version: "v3.1",
    });
    const response = await refreshWith(t, tokens.refresh_token, { ...other.body, redirect_uri: "" });
    expect(response.body.error).toBe("invalid_grant");
  });
});

describe("revocation", () => {
  const revoke = (token: string) =>
    postForm(t.urls.accounting.revoke_url, {
      token,
      client_id: DEV_CLIENT.client_id,
      client_secret: DEV_CLIENT.client_secret,
    });

  it('answers {"success":"ok"}; the refresh token dies, the access token lives on', async () => {
    const tokens = await v31Tokens(t, alice);
    const response = await revoke(tokens.refresh_token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: "ok" });
    expect((await refreshWith(t, tokens.refresh_token)).body.error).toBe("invalid_grant");
    expect((await api(t, tokens.access_token, "/user")).status).toBe(200);
  });

  it("requires client authentication and a token", async () => {
    const tokens = await v31Tokens(t, alice);
    const wrong = await postForm(t.urls.accounting.revoke_url, {
      token: tokens.refresh_token,
      client_id: DEV_CLIENT.client_id,
      client_secret: "bad",
    });
    expect([wrong.status, wrong.body.error]).toEqual([401, "invalid_client"]);
    const missing = await postForm(t.urls.accounting.revoke_url, {
      client_id: DEV_CLIENT.client_id,
      client_secret: DEV_CLIENT.client_secret,
    });
    expect([missing.status, missing.body.error]).toEqual([400, "invalid_request"]);
    expect((await refreshWith(t, tokens.refresh_token)).status).toBe(200);
  });

  it("an unknown token is not an error (RFC 7009); an access token is unsupported_token_type", async () => {
    expect((await revoke("never-issued")).body).toEqual({ success: "ok" });
    const tokens = await v31Tokens(t, alice);
    expect((await revoke(tokens.access_token)).body.error).toBe("unsupported_token_type");
  });

  it("counts requests in /control/stats", async () => {
    const tokens = await v31Tokens(t, alice);
    await refreshWith(t, tokens.refresh_token);
    await revoke("x");
    const stats = await t.control<{ token: Record<string, number>; revoke: number; requests: number }>("GET", "/stats");
    expect(stats.body.token).toEqual({ authorization_code: 1, refresh_token: 1 });
    expect(stats.body.revoke).toBe(1);
    expect(stats.body.requests).toBeGreaterThanOrEqual(6);
  });
});
