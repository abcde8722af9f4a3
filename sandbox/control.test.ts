import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEV_CLIENT,
  api,
  fixtureUsers,
  refreshWith,
  startTestSandbox,
  userByEmail,
  v31Tokens,
  walkAuthorization,
  type TestSandbox,
} from "./test-support";

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

describe("discovery", () => {
  it("answers absolute URLs for every placeholder", async () => {
    const origin = t.sandbox.url;
    expect(t.urls).toEqual({
      accounting: {
        auth_url: `${origin}/accounting/authorize`,
        token_url: `${origin}/accounting/oauth/token`,
        revoke_url: `${origin}/accounting/oauth/revoke`,
        base_url: `${origin}/accounting/v3.1`,
      },
      legacy: {
        auth_url: `${origin}/legacy/authorize`,
        oauth_na_url: `${origin}/legacy/na`,
        oauth_eu_url: `${origin}/legacy/eu`,
        oauth_gb_url: `${origin}/legacy/gb`,
      },
      payroll: { base_url: `${origin}/payroll` },
      control_url: `${origin}/control`,
    });
  });
});

describe("favicon", () => {
  it("serves the icon its pages link, and /favicon.ico, so no browser logs a 404", async () => {
    for (const path of ["/favicon.svg", "/favicon.ico"]) {
      const response = await fetch(`${t.sandbox.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml");
      expect(await response.text()).toContain("<svg");
    }
    const page = await (await fetch(`${t.sandbox.url}/accounting/authorize`)).text();
    expect(page).toContain('<link rel="icon" href="/favicon.svg"');
  });
});

describe("fixtures", () => {
  it("has users with UUIDs and businesses in the CONTRACT shape, covering the required cases", async () => {
    const { body } = await t.control<{ users: Array<Record<string, unknown>>; payroll: { customers: unknown[] } }>(
      "GET",
      "/fixtures",
    );
    expect(body.payroll).toHaveProperty("customers");
    const users = await fixtureUsers(t);
    expect(users.length).toBeGreaterThanOrEqual(3);
    for (const user of users) {
      expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(user.businesses.filter((b) => b.lead)).toHaveLength(1);
      for (const business of user.businesses) {
        expect(Object.keys(business)).toEqual(
          expect.arrayContaining(["id", "name", "owner", "lead", "country", "tier"]),
        );
      }
    }
    const all = users.flatMap((user) => user.businesses);
    expect(new Set(all.map((b) => b.country))).toEqual(new Set(["GB", "IE", "DE", "US"]));
    expect(all.some((b) => (b.country === "GB" || b.country === "IE") && b.tier === "standard")).toBe(true);
    expect(new Set(all.map((b) => b.tier)).size).toBe(3);
    expect(
      users.some((u) => u.businesses.filter((b) => b.owner).length === 1 && u.businesses.some((b) => !b.owner)),
    ).toBe(true);
    const leadCountries = users.map((u) => u.businesses.find((b) => b.lead)?.country);
    expect(leadCountries).toContain("GB");
    expect(leadCountries).toContain("US");
  });
});

describe("clients, clock, tokens, stats and reset", () => {
  it("registers a client that works at once", async () => {
    const created = await t.control<{ client_id: string; client_secret: string }>("POST", "/clients", {
      name: "My app",
      redirect_uris: ["http://127.0.0.1:9/cb"],
      version: "v3.1",
    });
    expect(created.status).toBe(201);
    expect(created.body.client_id).toBeTruthy();
    expect(created.body.client_secret).toBeTruthy();
    const alice = userByEmail(await fixtureUsers(t), "alice");
    const callback = await walkAuthorization(
      t.urls.accounting.auth_url,
      {
        client_id: created.body.client_id,
        redirect_uri: "http://127.0.0.1:9/cb",
        response_type: "code",
        country: "gb",
      },
      alice,
    );
    expect(callback.searchParams.get("code")).toBeTruthy();
    expect((await t.control("POST", "/clients", { name: "x", redirect_uris: [], version: "v4" })).status).toBe(422);
  });

  it("moves the clock forward only", async () => {
    const before = Date.now();
    const moved = await t.control<{ now: string }>("POST", "/clock", { advance_seconds: 3600 });
    expect(Date.parse(moved.body.now) - before).toBeGreaterThanOrEqual(3_600_000);
    expect((await t.control("POST", "/clock", { advance_seconds: -1 })).status).toBe(422);
  });

  it("lists issued tokens and resets everything to the seed", async () => {
    await t.control("POST", "/reset");
    const users = await fixtureUsers(t);
    const alice = userByEmail(users, "alice");
    const tokens = await v31Tokens(t, alice);
    const listed = await t.control<Array<Record<string, unknown>>>("GET", "/tokens");
    expect(listed.body).toEqual([
      expect.objectContaining({
        kind: "access",
        value: tokens.access_token,
        client_id: DEV_CLIENT.client_id,
        user_id: alice.id,
        version: "v3.1",
      }),
      expect.objectContaining({
        kind: "refresh",
        value: tokens.refresh_token,
        client_id: DEV_CLIENT.client_id,
        user_id: alice.id,
        version: "v3.1",
      }),
    ]);
    const registered = await t.control<{ client_id: string }>("POST", "/clients", {
      name: "Temp",
      redirect_uris: ["http://127.0.0.1:9/x"],
      version: "v3",
    });
    await api(t, tokens.access_token, "/user", {
      method: "PUT",
      body: JSON.stringify({ user: { last_name: "Changed" } }),
      headers: { "content-type": "application/json" },
    });
    await t.control("POST", "/clock", { advance_seconds: 100 });
    await t.control("POST", "/faults", { rules: [{ path: "/payroll/**", kind: "error" }] });

    expect((await t.control("POST", "/reset")).status).toBe(200);
    expect((await t.control<unknown[]>("GET", "/tokens")).body).toEqual([]);
    expect((await t.control<{ requests: number; token: Record<string, number> }>("GET", "/stats")).body).toMatchObject({
      requests: 0,
      token: { authorization_code: 0, refresh_token: 0 },
      revoke: 0,
    });
    expect((await t.control<{ offset_seconds: number }>("GET", "/clock")).body.offset_seconds).toBe(0);
    expect((await t.control<{ rules?: unknown[] }>("GET", "/faults")).body.rules ?? []).toEqual([]);
    expect((await refreshWith(t, tokens.refresh_token)).body.error).toBe("invalid_grant");
    const fresh = await v31Tokens(t, alice);
    expect(((await api(t, fresh.access_token, "/user")).body as { last_name: string }).last_name).toBe("Hartley");
    const probe = await fetch(
      `${t.urls.legacy.auth_url}?${new URLSearchParams({ client_id: registered.body.client_id, redirect_uri: "http://127.0.0.1:9/x", response_type: "code" })}`,
    );
    expect(probe.status).toBe(400); // the registered client is gone; seeded ones stay
  });
});

describe("seed clients option", () => {
  it("replaces the default clients", async () => {
    const custom = await (
      await import("./test-support")
    ).startTestSandbox({
      seedClients: [
        {
          client_id: "only",
          client_secret: "s",
          name: "Only",
          redirect_uris: ["http://127.0.0.1:9/cb"],
          version: "v3.1",
        },
      ],
    });
    try {
      const query = (id: string, uri: string) =>
        `${custom.urls.accounting.auth_url}?${new URLSearchParams({ client_id: id, redirect_uri: uri, response_type: "code" })}`;
      expect((await fetch(query("only", "http://127.0.0.1:9/cb"))).status).toBe(200);
      expect((await fetch(query(DEV_CLIENT.client_id, DEV_CLIENT.redirect_uri))).status).toBe(400);
    } finally {
      await custom.close();
    }
  });
});
