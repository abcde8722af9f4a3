import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEV_CLIENT,
  fixtureUsers,
  postForm,
  startTestSandbox,
  userByEmail,
  v31Code,
  type FixtureUser,
  type TestSandbox,
} from "../test-support";
import { checkChallenge } from "./pkce";

// RFC 7636 appendix B
const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

let t: TestSandbox;
let alice: FixtureUser;

beforeAll(async () => {
  t = await startTestSandbox();
  alice = userByEmail(await fixtureUsers(t), "alice");
});
afterAll(() => t.close());
beforeEach(() => t.control("POST", "/reset"));

function exchange(code: string, verifier?: string) {
  return postForm(t.urls.accounting.token_url, {
    grant_type: "authorization_code",
    code,
    redirect_uri: DEV_CLIENT.redirect_uri,
    client_id: DEV_CLIENT.client_id,
    client_secret: DEV_CLIENT.client_secret,
    ...(verifier === undefined ? {} : { code_verifier: verifier }),
  });
}

async function authorizeError(params: Record<string, string>) {
  const query = new URLSearchParams({
    client_id: DEV_CLIENT.client_id,
    redirect_uri: DEV_CLIENT.redirect_uri,
    response_type: "code",
    country: "gb",
    state: "p",
    ...params,
  });
  const response = await fetch(`${t.urls.accounting.auth_url}?${query}`, { redirect: "manual" });
  const location = response.headers.get("location");
  return location ? new URL(location).searchParams : undefined;
}

describe("PKCE (RFC 7636)", () => {
  it("accepts the RFC 7636 appendix B verifier and challenge (S256)", async () => {
    const code = await v31Code(t, alice, { code_challenge: CHALLENGE, code_challenge_method: "S256" });
    const response = await exchange(code, VERIFIER);
    expect(response.status).toBe(200);
    expect(response.body.access_token).toBeTruthy();
  });

  it("refuses a verifier that does not match with invalid_grant", async () => {
    const code = await v31Code(t, alice, { code_challenge: CHALLENGE, code_challenge_method: "S256" });
    const response = await exchange(code, `${VERIFIER}x`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "invalid_grant", error_description: "invalid verifier" });
  });

  it("requires the verifier when the code was requested with a challenge", async () => {
    const code = await v31Code(t, alice, { code_challenge: CHALLENGE, code_challenge_method: "S256" });
    expect((await exchange(code)).body.error).toBe("invalid_request");
    expect((await exchange(code, "short")).body.error).toBe("invalid_request");
    expect((await exchange(code, VERIFIER)).status).toBe(200);
  });

  it("supports plain, and a challenge without method as plain", async () => {
    const plain = "a".repeat(43) + "-._~";
    const code = await v31Code(t, alice, { code_challenge: plain, code_challenge_method: "plain" });
    expect((await exchange(code, plain)).status).toBe(200);
    const noMethod = "b".repeat(44);
    const code2 = await v31Code(t, alice, { code_challenge: noMethod });
    expect((await exchange(code2, noMethod)).status).toBe(200);
  });

  it("refuses a verifier when the request had no challenge", async () => {
    const code = await v31Code(t, alice);
    expect((await exchange(code, VERIFIER)).body.error).toBe("invalid_grant");
  });

  it("redirects invalid_request for a challenge outside 43..128 characters", async () => {
    expect(
      (await authorizeError({ code_challenge: "a".repeat(42), code_challenge_method: "plain" }))?.get("error"),
    ).toBe("invalid_request");
    expect(
      (await authorizeError({ code_challenge: "a".repeat(129), code_challenge_method: "plain" }))?.get("error"),
    ).toBe("invalid_request");
  });

  it("redirects invalid_request for an incomplete challenge without method", async () => {
    const result = await authorizeError({ code_challenge: "a".repeat(45) });
    expect(result?.get("error")).toBe("invalid_request");
    expect(result?.get("error_description")).toContain("incomplete challenge");
    expect(result?.get("state")).toBe("p");
  });

  it("redirects invalid_request when an S256 challenge is not a SHA-256 hash", async () => {
    const result = await authorizeError({ code_challenge: "a".repeat(64), code_challenge_method: "S256" });
    expect(result?.get("error")).toBe("invalid_request");
    expect(result?.get("error_description")).toContain("Base64 decoding error");
    const badChars = await authorizeError({ code_challenge: `${"a".repeat(42)}~`, code_challenge_method: "S256" });
    expect(badChars?.get("error")).toBe("invalid_request");
  });

  it("redirects invalid_request for an unknown method or a method without challenge", async () => {
    expect((await authorizeError({ code_challenge: CHALLENGE, code_challenge_method: "S512" }))?.get("error")).toBe(
      "invalid_request",
    );
    expect((await authorizeError({ code_challenge_method: "S256" }))?.get("error")).toBe("invalid_request");
  });
});

describe("checkChallenge", () => {
  it("classifies challenges", () => {
    expect(checkChallenge(CHALLENGE, "S256")).toEqual({ ok: true, challenge: { value: CHALLENGE, method: "S256" } });
    expect(checkChallenge(null, null)).toEqual({ ok: true });
    expect(checkChallenge("a".repeat(45), null).ok).toBe(false);
    expect(checkChallenge("a".repeat(44), null).ok).toBe(true);
  });
});
