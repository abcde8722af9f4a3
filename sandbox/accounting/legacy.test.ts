import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEV_CLIENT,
  DEV_V3_CLIENT,
  api,
  fixtureUsers,
  postForm,
  startTestSandbox,
  userByEmail,
  v31Tokens,
  walkAuthorization,
  type FixtureUser,
  type TestSandbox,
} from "../test-support";

let t: TestSandbox;
let alice: FixtureUser;
let ben: FixtureUser;
let claudia: FixtureUser;

beforeAll(async () => {
  t = await startTestSandbox();
  const users = await fixtureUsers(t);
  alice = userByEmail(users, "alice");
  ben = userByEmail(users, "ben");
  claudia = userByEmail(users, "claudia");
});
afterAll(() => t.close());
beforeEach(() => t.control("POST", "/reset"));

type Region = "na" | "eu" | "gb";
const REGION_OF: Record<string, Region> = { ca: "na", us: "na", de: "eu", es: "eu", fr: "eu", gb: "gb", ie: "gb" };

function tokenUrl(region: Region): string {
  if (region === "gb") return `${t.urls.legacy.oauth_gb_url}/oauth2/token`;
  return `${region === "na" ? t.urls.legacy.oauth_na_url : t.urls.legacy.oauth_eu_url}/token`;
}
function revokeUrl(region: Region): string {
  if (region === "gb") return `${t.urls.legacy.oauth_gb_url}/oauth2/revoke`;
  return `${region === "na" ? t.urls.legacy.oauth_na_url : t.urls.legacy.oauth_eu_url}/revoke`;
}

async function legacyCallback(person: FixtureUser, country: string) {
  return walkAuthorization(
    t.urls.legacy.auth_url,
    {
      client_id: DEV_V3_CLIENT.client_id,
      redirect_uri: DEV_V3_CLIENT.redirect_uri,
      response_type: "code",
      scopes: "full_access",
      state: "L",
      country,
    },
    person,
  );
}

function exchangeAt(region: Region, code: string) {
  return postForm(tokenUrl(region), {
    grant_type: "authorization_code",
    code,
    redirect_uri: DEV_V3_CLIENT.redirect_uri,
    client_id: DEV_V3_CLIENT.client_id,
    client_secret: DEV_V3_CLIENT.client_secret,
  });
}

function renewAt(region: Region, refreshToken: string) {
  return postForm(tokenUrl(region), {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: DEV_V3_CLIENT.client_id,
    client_secret: DEV_V3_CLIENT.client_secret,
  });
}

describe("legacy v3 authorization", () => {
  it("shows the country selection, then sign-in and consent", async () => {
    const page = await fetch(
      `${t.urls.legacy.auth_url}?${new URLSearchParams({ client_id: DEV_V3_CLIENT.client_id, redirect_uri: DEV_V3_CLIENT.redirect_uri, response_type: "code" })}`,
    );
    const html = await page.text();
    expect(html).toContain(">United Kingdom</a>");
    expect(html).toContain(">United States</a>");
  });

  it.each([
    ["a GB user", "alice", "gb"],
    ["a US user", "ben", "us"],
    ["a DE user", "claudia", "de"],
  ])("%s gets a code and country, redeemable only at the country's token endpoint", async (_name, who, country) => {
    const person = { alice, ben, claudia }[who] as FixtureUser;
    const callback = await legacyCallback(person, country);
    expect(`${callback.origin}${callback.pathname}`).toBe(DEV_V3_CLIENT.redirect_uri);
    expect(callback.searchParams.get("country")?.toLowerCase()).toBe(country);
    expect(callback.searchParams.get("state")).toBe("L");
    const code = callback.searchParams.get("code") ?? "";
    const region = REGION_OF[callback.searchParams.get("country")?.toLowerCase() ?? ""] as Region;
    for (const other of (["na", "eu", "gb"] as const).filter((r) => r !== region)) {
      const wrong = await exchangeAt(other, code);
      expect([wrong.status, wrong.body.error]).toEqual([400, "invalid_grant"]);
    }
    const response = await exchangeAt(region, code);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual([
      "access_token",
      "scopes",
      "token_type",
      "expires_in",
      "refresh_token",
      "resource_owner_id",
    ]);
    expect(response.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scopes: "full_access" });
    expect(String(response.body.access_token)).toHaveLength(40);
    expect(response.body.resource_owner_id).toBe(person.businesses.find((b) => b.lead)?.id);
    const stats = await t.control<{ legacy_token: Record<Region, number> }>("GET", "/stats");
    expect(stats.body.legacy_token[region]).toBe(1);
  });

  it("a v3.1 client cannot use the legacy authorization page", async () => {
    const response = await fetch(
      `${t.urls.legacy.auth_url}?${new URLSearchParams({ client_id: DEV_CLIENT.client_id, redirect_uri: DEV_CLIENT.redirect_uri, response_type: "code", state: "z" })}`,
      { redirect: "manual" },
    );
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("error")).toBe("unauthorized_client");
  });
});

describe("legacy v3 tokens", () => {
  async function legacyTokens(person = alice, country = "gb") {
    const callback = await legacyCallback(person, country);
    const region = REGION_OF[country] as Region;
    const response = await exchangeAt(region, callback.searchParams.get("code") ?? "");
    return { region, access: String(response.body.access_token), refresh: String(response.body.refresh_token) };
  }

  it("refresh tokens rotate and never expire", async () => {
    const first = await legacyTokens();
    await t.control("POST", "/clock", { advance_seconds: 400 * 86_400 });
    const renewed = await renewAt(first.region, first.refresh);
    expect(renewed.status).toBe(200);
    expect(renewed.body.expires_in).toBe(3600);
    expect((await renewAt(first.region, first.refresh)).body.error).toBe("invalid_grant");
    expect((await renewAt("na", String(renewed.body.refresh_token))).body.error).toBe("invalid_grant");
    expect((await renewAt(first.region, String(renewed.body.refresh_token))).status).toBe(200);
  });

  it("a code is single use and lives 60 seconds", async () => {
    const callback = await legacyCallback(ben, "us");
    const code = callback.searchParams.get("code") ?? "";
    await t.control("POST", "/clock", { advance_seconds: 61 });
    expect((await exchangeAt("na", code)).body.error).toBe("invalid_grant");
  });

  it("revoke with token and client_id answers an empty 204; the access token and its refresh token die", async () => {
    const tokens = await legacyTokens(ben, "us");
    const response = await fetch(revokeUrl("na"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.access, client_id: DEV_V3_CLIENT.client_id }).toString(),
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect((await renewAt("na", tokens.refresh)).body.error).toBe("invalid_grant");
    const listed = await t.control<Array<{ value: string; state: string }>>("GET", "/tokens");
    expect(listed.body.find((token) => token.value === tokens.access)?.state).toBe("revoked");
    const stats = await t.control<{ legacy_revoke: Record<Region, number> }>("GET", "/stats");
    expect(stats.body.legacy_revoke.na).toBe(1);
  });

  it("revoke at another country's host leaves the token alone", async () => {
    const tokens = await legacyTokens(alice, "gb");
    const response = await postForm(revokeUrl("eu"), { token: tokens.access, client_id: DEV_V3_CLIENT.client_id });
    expect(response.status).toBe(204);
    expect((await renewAt("gb", tokens.refresh)).status).toBe(200);
  });

  it("revoke refuses an unknown client", async () => {
    const response = await postForm(revokeUrl("gb"), { token: "x", client_id: DEV_CLIENT.client_id });
    expect([response.status, response.body.error]).toEqual([401, "invalid_client"]);
  });

  it("v3 and v3.1 credentials and tokens are not interchangeable", async () => {
    const v31 = await v31Tokens(t, alice);
    const atLegacy = await postForm(tokenUrl("gb"), {
      grant_type: "refresh_token",
      refresh_token: v31.refresh_token,
      client_id: DEV_CLIENT.client_id,
      client_secret: DEV_CLIENT.client_secret,
    });
    expect([atLegacy.status, atLegacy.body.error]).toEqual([401, "invalid_client"]);
    const legacy = await legacyTokens();
    expect((await api(t, legacy.access, "/user")).status).toBe(401);
    const v31RefreshAtLegacy = await renewAt("gb", v31.refresh_token);
    expect(v31RefreshAtLegacy.body.error).toBe("invalid_grant");
  });
});
