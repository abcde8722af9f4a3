import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEV_CLIENT,
  DEV_V3_CLIENT,
  fixtureUsers,
  form,
  hiddenSession,
  startTestSandbox,
  userByEmail,
  walkAuthorization,
  type FixtureUser,
  type TestSandbox,
} from "../test-support";

let t: TestSandbox;
let alice: FixtureUser;
let ben: FixtureUser;

beforeAll(async () => {
  t = await startTestSandbox();
  const users = await fixtureUsers(t);
  alice = userByEmail(users, "alice");
  ben = userByEmail(users, "ben");
});
afterAll(() => t.close());
beforeEach(() => t.control("POST", "/reset"));

const base = () => ({
  client_id: DEV_CLIENT.client_id,
  redirect_uri: DEV_CLIENT.redirect_uri,
  response_type: "code",
  state: "st-123",
});

async function open(params: Record<string, string>, path?: string) {
  const response = await fetch(`${path ?? t.urls.accounting.auth_url}?${new URLSearchParams(params)}`, {
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

function linkNames(html: string): string[] {
  return [...html.matchAll(/<a href="[^"]*">([^<]+)<\/a>/g)].map((match) => match[1] ?? "");
}

describe("country selection", () => {
  it("filter=apiv3.1 lists exactly the seven v3.1 countries by English name", async () => {
    const page = await open({ ...base(), filter: "apiv3.1" });
    expect(page.status).toBe(200);
    expect(linkNames(page.html).sort()).toEqual(
      ["Canada", "France", "Germany", "Ireland", "Spain", "United Kingdom", "United States"].sort(),
    );
  });

  it("without a filter lists further countries, which cannot be connected", async () => {
    const page = await open(base());
    const names = linkNames(page.html);
    expect(names).toContain("United Kingdom");
    expect(names).toContain("Australia");
    const australia = /<a href="([^"]*)">Australia<\/a>/.exec(page.html)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const info = await fetch(new URL(australia, t.sandbox.url), { redirect: "manual" });
    expect(info.status).toBe(200);
    expect(await info.text()).toContain("Not available in Australia");
  });

  it("an invalid filter shows a message with a link to all countries", async () => {
    const page = await open({ ...base(), filter: "apiv2" });
    expect(page.status).toBe(200);
    expect(page.html).toContain("is not valid");
    const href = /<a href="([^"]*)">Show all countries<\/a>/.exec(page.html)?.[1]?.replace(/&amp;/g, "&") ?? "";
    expect(href).not.toContain("filter");
    const all = await fetch(new URL(href, t.sandbox.url));
    expect(linkNames(await all.text())).toContain("United Kingdom");
  });

  it("a country link leads to the sign-in page; `country` skips the selection and ignores filter", async () => {
    const page = await open({ ...base(), filter: "apiv3.1" });
    const href = /<a href="([^"]*)">United Kingdom<\/a>/.exec(page.html)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const signIn = await (await fetch(new URL(href, t.sandbox.url))).text();
    expect(signIn).toContain('<label for="email">Email</label>');
    const direct = await open({ ...base(), country: "GB", filter: "nonsense" });
    expect(direct.html).toContain('<label for="password">Password</label>');
    expect(direct.html).toContain('<button type="submit">Sign in</button>');
  });
});

describe("sign-in and consent", () => {
  it("on Allow redirects to the callback with code, country and state", async () => {
    const callback = await walkAuthorization(t.urls.accounting.auth_url, { ...base(), country: "gb" }, alice);
    expect(`${callback.origin}${callback.pathname}`).toBe(DEV_CLIENT.redirect_uri);
    expect(callback.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(callback.searchParams.get("country")?.toUpperCase()).toBe("GB");
    expect(callback.searchParams.get("state")).toBe("st-123");
  });

  it("on Deny redirects with access_denied and state", async () => {
    const callback = await walkAuthorization(t.urls.accounting.auth_url, { ...base(), country: "us" }, ben, "deny");
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe("st-123");
    expect(callback.searchParams.get("code")).toBeNull();
  });

  it("omits state from the callback when none was sent", async () => {
    const { state: _omitted, ...params } = base();
    void _omitted;
    const callback = await walkAuthorization(t.urls.accounting.auth_url, { ...params, country: "gb" }, alice);
    expect(callback.searchParams.has("state")).toBe(false);
    expect(callback.searchParams.get("code")).toBeTruthy();
  });

  it("shows the consent page with Allow and Deny buttons", async () => {
    const signIn = await open({ ...base(), country: "gb" });
    const response = await fetch(
      new URL("/accounting/authorize/sign-in", t.sandbox.url),
      form({
        session: hiddenSession(signIn.html),
        email: alice.email,
        password: alice.password,
      }),
    );
    expect(response.status).toBe(303);
    const consent = await (await fetch(new URL(response.headers.get("location") ?? "", t.sandbox.url))).text();
    expect(consent).toContain(">Allow</button>");
    expect(consent).toContain(">Deny</button>");
  });

  it("a wrong password re-renders the form with a message and no redirect", async () => {
    const signIn = await open({ ...base(), country: "gb" });
    const response = await fetch(
      new URL("/accounting/authorize/sign-in", t.sandbox.url),
      form({
        session: hiddenSession(signIn.html),
        email: alice.email,
        password: "wrong",
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Incorrect email or password.");
  });

  it("an account of another country is told to change country", async () => {
    const signIn = await open({ ...base(), country: "de" });
    const response = await fetch(
      new URL("/accounting/authorize/sign-in", t.sandbox.url),
      form({
        session: hiddenSession(signIn.html),
        email: alice.email,
        password: alice.password,
      }),
    );
    expect(await response.text()).toContain("registered in United Kingdom");
  });

  it("a lost or used session shows an error page", async () => {
    const response = await fetch(
      new URL("/accounting/authorize/consent", t.sandbox.url),
      form({ session: "nope", decision: "allow" }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
  });
});

describe("errors that never redirect", () => {
  it.each([
    ["a missing client_id", { client_id: "" }],
    ["an unknown client_id", { client_id: "nobody" }],
    ["a missing redirect_uri", { redirect_uri: "" }],
    ["an unregistered redirect_uri", { redirect_uri: "https://evil.example/cb" }],
    ["a redirect_uri with extra parameters", { redirect_uri: `${DEV_CLIENT.redirect_uri}?x=1` }],
  ])("%s shows an error page", async (_name, change) => {
    const params = Object.fromEntries(Object.entries({ ...base(), ...change }).filter(([, value]) => value !== ""));
    const page = await open(params);
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.html).toContain("Authorization error");
  });

  it("a repeated client_id shows an error page", async () => {
    const response = await fetch(
      `${t.urls.accounting.auth_url}?${new URLSearchParams(base())}&client_id=${DEV_CLIENT.client_id}`,
      {
        redirect: "manual",
      },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
  });
});

describe("errors redirected to the callback (RFC 6749 4.1.2.1)", () => {
  async function errorOf(params: Record<string, string>, extraQuery = "") {
    const response = await fetch(`${t.urls.accounting.auth_url}?${new URLSearchParams(params)}${extraQuery}`, {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(DEV_CLIENT.redirect_uri);
    expect(location.searchParams.get("state")).toBe("st-123");
    return location.searchParams.get("error");
  }

  it("a missing response_type is invalid_request", async () => {
    const { response_type: _omitted, ...params } = base();
    void _omitted;
    expect(await errorOf(params)).toBe("invalid_request");
  });
  it("another response_type is unsupported_response_type", async () => {
    expect(await errorOf({ ...base(), response_type: "token" })).toBe("unsupported_response_type");
  });
  it("an unknown scope is invalid_scope", async () => {
    expect(await errorOf({ ...base(), scope: "admin" })).toBe("invalid_scope");
    expect(await errorOf({ ...base(), scopes: "everything" })).toBe("invalid_scope");
  });
  it("a repeated parameter is invalid_request", async () => {
    expect(await errorOf(base(), "&scope=readonly&scope=full_access")).toBe("invalid_request");
  });
  it("an unknown country is invalid_request", async () => {
    expect(await errorOf({ ...base(), country: "xx" })).toBe("invalid_request");
  });
  it("a v3 client at the v3.1 authorization URL is unauthorized_client", async () => {
    const response = await fetch(
      `${t.urls.accounting.auth_url}?${new URLSearchParams({ ...base(), client_id: DEV_V3_CLIENT.client_id, redirect_uri: DEV_V3_CLIENT.redirect_uri })}`,
      { redirect: "manual" },
    );
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("error")).toBe("unauthorized_client");
  });
  it("injected failures are server_error and temporarily_unavailable", async () => {
    await t.control("POST", "/faults", { rules: [{ path: "/accounting/authorize", kind: "error", times: 1 }] });
    expect(await errorOf(base())).toBe("server_error");
    await t.control("POST", "/faults", { rules: [{ path: "/accounting/authorize", kind: "temporarily_unavailable" }] });
    expect(await errorOf(base())).toBe("temporarily_unavailable");
  });
});
