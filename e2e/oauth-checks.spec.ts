import { expect, type APIRequestContext } from "@playwright/test";
import { fixtureUser, stats } from "./helpers";
import { test } from "./fixtures";

// The callback refuses a missing, wrong or replayed `state` and a missing PKCE
// verifier before any token request (the sandbox counts token requests).

/** next-auth's error route, which shows the sign-in page with the error. */
const REFUSED = /\/(sign-in|api\/auth\/error)\?error=/;

function field(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no ${name} on the page`);
  return match[1];
}

async function postForm(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** Starts a sign-in as the browser would (state and verifier cookies set), consents at the service, answers the callback URL. */
async function consentedCallback(request: APIRequestContext): Promise<URL> {
  const alice = await fixtureUser("alice");
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const started = await request.post("/api/auth/signin/accounting?scope=full_access&country=gb", {
    form: { csrfToken, callbackUrl: "/businesses", json: "true" },
  });
  const authorizeUrl = new URL(((await started.json()) as { url: string }).url);
  expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorizeUrl.searchParams.get("state")).toBeTruthy();
  const signInPage = await (await fetch(authorizeUrl)).text();
  const authUrl = `${authorizeUrl.origin}${authorizeUrl.pathname}`;
  const signedIn = await postForm(`${authUrl}/sign-in`, {
    session: field(signInPage, "session"),
    email: alice.email,
    password: alice.password,
  });
  const consent = await (await fetch(new URL(signedIn.headers.get("location")!, authUrl))).text();
  const decided = await postForm(`${authUrl}/consent`, { session: field(consent, "session"), decision: "allow" });
  return new URL(decided.headers.get("location")!);
}

async function follow(request: APIRequestContext, url: URL) {
  const response = await request.get(url.toString(), { maxRedirects: 0 });
  return { status: response.status(), location: response.headers().location ?? "" };
}

test("a callback without state is refused with no token request", async ({ request }) => {
  const callback = await consentedCallback(request);
  callback.searchParams.delete("state");
  const answer = await follow(request, callback);
  expect(answer.location).toMatch(REFUSED);
  expect((await stats()).token.authorization_code).toBe(0);
});

test("a callback with another state is refused with no token request", async ({ request }) => {
  const callback = await consentedCallback(request);
  callback.searchParams.set("state", "forged-state-value");
  const answer = await follow(request, callback);
  expect(answer.location).toMatch(REFUSED);
  expect((await stats()).token.authorization_code).toBe(0);
});

test("a callback without the PKCE verifier is refused with no token request", async ({ request, context }) => {
  const callback = await consentedCallback(context.request);
  await context.clearCookies({ name: "ledgerlane.pkce" });
  const answer = await follow(context.request, callback);
  expect(answer.location).toMatch(REFUSED);
  expect((await stats()).token.authorization_code).toBe(0);
  expect(request).toBeTruthy();
});

test("a replayed callback is refused with no second token request", async ({ context }) => {
  const callback = await consentedCallback(context.request);
  const first = await follow(context.request, callback);
  expect(first.location).toContain("/businesses");
  expect((await stats()).token.authorization_code).toBe(1);
  const replay = await follow(context.request, callback);
  expect(replay.location).toMatch(REFUSED);
  expect((await stats()).token.authorization_code).toBe(1);
});

test("a state-changing request from a foreign Origin changes nothing", async ({ context }) => {
  const callback = await consentedCallback(context.request);
  await follow(context.request, callback);
  const before = (await (await context.request.get("/api/accounting/user")).json()) as { data: { last_name: string } };
  const revokesBefore = (await stats()).revoke;
  for (const [method, path] of [
    ["PUT", "/api/accounting/user"],
    ["POST", "/api/auth/signout"],
    ["POST", "/settings/connection"],
  ] as const) {
    const response = await context.request.fetch(path, {
      method,
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      data: { user: { last_name: "Evil" } },
      maxRedirects: 0,
    });
    expect(response.status(), `${method} ${path}`).toBe(403);
  }
  const after = (await (await context.request.get("/api/accounting/user")).json()) as {
    ok: boolean;
    data: { last_name: string };
  };
  expect(after.ok).toBe(true);
  expect(after.data.last_name).toBe(before.data.last_name);
  expect((await stats()).revoke).toBe(revokesBefore);
});

test("another user's business id is refused", async ({ context, page }) => {
  const callback = await consentedCallback(context.request);
  await follow(context.request, callback);
  const dara = await fixtureUser("dara");
  const alice = await fixtureUser("alice");
  const foreign = dara.businesses.find((business) => !alice.businesses.some((own) => own.id === business.id))!;
  const apiBefore = (await stats()).api;
  const proxied = await context.request.get(`/api/accounting/businesses/${foreign.id}`, {
    headers: { "x-business": foreign.id },
  });
  expect(proxied.status()).toBe(403);
  expect(((await proxied.json()) as { error: { code: string } }).error.code).toBe("unknown_business");
  expect((await stats()).api).toBe(apiBefore);
  await page.goto(`/businesses/${foreign.id}`);
  await expect(page.locator("main").getByRole("alert")).toHaveText("This business is not one of yours.");
});
