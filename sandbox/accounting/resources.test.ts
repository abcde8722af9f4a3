import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  api,
  fixtureUsers,
  startTestSandbox,
  userByEmail,
  v31Tokens,
  type FixtureUser,
  type TestSandbox,
} from "../test-support";

let t: TestSandbox;
let alice: FixtureUser;
let dara: FixtureUser;
let priya: FixtureUser;
let ben: FixtureUser;

beforeAll(async () => {
  t = await startTestSandbox();
  const users = await fixtureUsers(t);
  alice = userByEmail(users, "alice");
  dara = userByEmail(users, "dara");
  priya = userByEmail(users, "priya");
  ben = userByEmail(users, "ben");
});
afterAll(() => t.close());
beforeEach(() => t.control("POST", "/reset"));

const lead = (user: FixtureUser) => user.businesses.find((b) => b.lead)?.id ?? "";
const notOwned = (user: FixtureUser) => user.businesses.find((b) => !b.owner)?.id ?? "";
const put = (body: unknown, contentType = "application/json") => ({
  method: "PUT",
  body: typeof body === "string" ? body : JSON.stringify(body),
  headers: { "content-type": contentType },
});

function expectErrorArray(body: unknown, dataCode?: string) {
  expect(Array.isArray(body)).toBe(true);
  const items = body as Array<Record<string, unknown>>;
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) expect(Object.keys(item).sort()).toEqual(["$dataCode", "$message", "$severity", "$source"]);
  if (dataCode) expect(items[0]?.$dataCode).toBe(dataCode);
}

describe("authentication", () => {
  it("401 with the error array without a valid token", async () => {
    const response = await api(t, "not-a-token", "/businesses");
    expect(response.status).toBe(401);
    expectErrorArray(response.body, "Unauthorized");
  });
});

describe("businesses", () => {
  it("lists reachable businesses with the service's pagination fields", async () => {
    const { access_token } = await v31Tokens(t, alice);
    const response = await api(t, access_token, "/businesses");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ $total: 2, $page: 1, $next: null, $back: null, $itemsPerPage: 20 });
    const items = (response.body as { $items: Array<Record<string, unknown>> }).$items;
    expect(items.map((item) => item.id).sort()).toEqual(alice.businesses.map((b) => b.id).sort());
    expect(Object.keys(items[0] ?? {})).toEqual(["id", "displayed_as", "$path"]);
  });

  it("pages with items_per_page (up to 200) and page", async () => {
    const { access_token } = await v31Tokens(t, priya);
    const first = (await api(t, access_token, "/businesses")).body as Record<string, unknown>;
    expect(first.$total).toBe(priya.businesses.length);
    expect(priya.businesses.length).toBeGreaterThan(20);
    expect(first.$next).toBe("/businesses?page=2&items_per_page=20");
    const second = (await api(t, access_token, "/businesses?page=2")).body as {
      $items: unknown[];
      $back: string;
      $next: null;
    };
    expect(second.$items).toHaveLength(priya.businesses.length - 20);
    expect(second.$back).toBe("/businesses?page=1&items_per_page=20");
    expect(second.$next).toBeNull();
    const small = (await api(t, access_token, "/businesses?items_per_page=5&page=3")).body as Record<string, unknown>;
    expect(small).toMatchObject({ $page: 3, $itemsPerPage: 5 });
    const capped = (await api(t, access_token, "/businesses?items_per_page=500")).body as Record<string, unknown>;
    expect(capped.$itemsPerPage).toBe(200);
    expectErrorArray((await api(t, access_token, "/businesses?items_per_page=0")).body, "InvalidParameter");
    const all = (await api(t, access_token, "/businesses?attributes=all&items_per_page=1")).body as {
      $items: Array<Record<string, unknown>>;
    };
    expect(all.$items[0]).toHaveProperty("address_line_1");
  });

  it("reads one business, the lead business, and 404s for unreachable ones", async () => {
    const { access_token } = await v31Tokens(t, alice);
    const leadBody = (await api(t, access_token, "/businesses/lead")).body as Record<string, unknown>;
    expect(leadBody).toMatchObject({
      id: lead(alice),
      is_owner: true,
      is_lead: true,
      country: { id: "GB" },
      tier: { id: "standard" },
    });
    const other = await api(t, access_token, `/businesses/${notOwned(alice)}`);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ is_owner: false, is_lead: false });
    const foreign = await api(t, access_token, `/businesses/${lead(ben)}`);
    expect(foreign.status).toBe(404);
    expectErrorArray(foreign.body, "RecordNotFound");
  });

  it("lets the owner update address_line_1, mobile and website", async () => {
    const { access_token } = await v31Tokens(t, alice);
    const update = {
      business: { address_line_1: "5 New Road", mobile: "07700 900999", website: "https://new.example.co.uk" },
    };
    const response = await api(t, access_token, `/businesses/${lead(alice)}`, put(update));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject(update.business);
    expect((await api(t, access_token, `/businesses/${lead(alice)}`)).body).toMatchObject(update.business);
  });

  it("refuses updates by a non-owner with 403", async () => {
    const { access_token } = await v31Tokens(t, alice);
    const response = await api(t, access_token, `/businesses/${notOwned(alice)}`, put({ business: { mobile: "1" } }));
    expect(response.status).toBe(403);
    expectErrorArray(response.body, "Forbidden");
  });

  it("validates attributes with 422 per attribute", async () => {
    const { access_token } = await v31Tokens(t, alice);
    const path = `/businesses/${lead(alice)}`;
    const bad = await api(t, access_token, path, put({ business: { website: "not a url", name: "X", mobile: 5 } }));
    expect(bad.status).toBe(422);
    expectErrorArray(bad.body, "RecordInvalid");
    expect((bad.body as Array<{ $source: string }>).map((item) => item.$source).sort()).toEqual([
      "mobile",
      "name",
      "website",
    ]);
    const unwrapped = await api(t, access_token, path, put({ website: "https://x.example" }));
    expect(unwrapped.status).toBe(422);
  });

  it("accepts only application/json bodies (415)", async () => {
    const { access_token } = await v31Tokens(t, alice);
    for (const contentType of ["application/x-www-form-urlencoded", "text/plain"]) {
      const response = await api(t, access_token, `/businesses/${lead(alice)}`, put("business[mobile]=1", contentType));
      expect(response.status).toBe(415);
      expectErrorArray(response.body, "UnsupportedMediaType");
    }
    const charset = await api(
      t,
      access_token,
      "/user",
      put({ user: { last_name: "Hart" } }, "application/json; charset=utf-8"),
    );
    expect(charset.status).toBe(200);
  });

  it("the readonly scope cannot change anything (403)", async () => {
    const { access_token } = await v31Tokens(t, alice, { scope: "readonly" });
    expect((await api(t, access_token, "/businesses")).status).toBe(200);
    const response = await api(t, access_token, `/businesses/${lead(alice)}`, put({ business: { mobile: "1" } }));
    expect(response.status).toBe(403);
    expectErrorArray(response.body, "InsufficientScope");
    expect((await api(t, access_token, "/user", put({ user: { last_name: "X" } }))).status).toBe(403);
  });

  it("405 for other methods, 404 for unknown paths", async () => {
    const { access_token } = await v31Tokens(t, alice);
    const deleted = await api(t, access_token, `/businesses/${lead(alice)}`, { method: "DELETE" });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get("allow")).toBe("GET, PUT");
    expectErrorArray(deleted.body, "MethodNotAllowed");
    expect((await api(t, access_token, "/nothing_here")).status).toBe(404);
  });
});

describe("X-Business", () => {
  it("defaults to the lead business and is on every response", async () => {
    const { access_token } = await v31Tokens(t, alice);
    const response = await api(t, access_token, "/user");
    expect(response.headers.get("x-business")).toBe(lead(alice));
    const missing = await api(t, access_token, "/nothing_here");
    expect(missing.headers.get("x-business")).toBe(lead(alice));
  });

  it("selects another reachable business", async () => {
    const { access_token } = await v31Tokens(t, alice);
    const other = notOwned(alice);
    const response = await api(t, access_token, "/trial_balance?from_date=2026-01-01&to_date=2026-01-31", {
      headers: { "X-Business": other },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-business")).toBe(other);
  });

  it("refuses an unknown or unreachable business", async () => {
    const { access_token } = await v31Tokens(t, alice);
    for (const id of [lead(ben), "0000"]) {
      const response = await api(t, access_token, "/businesses", { headers: { "X-Business": id } });
      expect(response.status).toBe(403);
      expectErrorArray(response.body, "InvalidBusiness");
      expect(response.headers.get("x-business")).toBe(lead(alice));
    }
  });

  it("follows a change of the lead business", async () => {
    const { access_token } = await v31Tokens(t, alice);
    await t.control("POST", "/lead", { user_id: alice.id, business_id: notOwned(alice) });
    expect((await api(t, access_token, "/user")).headers.get("x-business")).toBe(notOwned(alice));
  });
});

describe("user", () => {
  it("reads and updates last_name nested in user", async () => {
    const { access_token } = await v31Tokens(t, dara);
    const before = (await api(t, access_token, "/user")).body as Record<string, unknown>;
    expect(before).toMatchObject({ id: dara.id, email: dara.email, last_name: "Byrne" });
    const response = await api(t, access_token, "/user", put({ user: { last_name: "Byrne-Walsh" } }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ last_name: "Byrne-Walsh" });
    const invalid = await api(t, access_token, "/user", put({ user: { last_name: "", email: "x@y" } }));
    expect(invalid.status).toBe(422);
    expect((invalid.body as unknown[]).length).toBe(2);
    const broken = await api(t, access_token, "/user", put("{not json"));
    expect(broken.status).toBe(400);
    expectErrorArray(broken.body);
  });
});

describe("product tiers", () => {
  const groups = [
    "stock_items",
    "stock_movements",
    "currencies",
    "business_exchange_rates",
    "exchange_rates",
    "live_exchange_rates",
  ];

  it("the middle tier (GB/IE standard) refuses the restricted groups with 403", async () => {
    const { access_token } = await v31Tokens(t, alice);
    for (const group of groups) {
      const response = await api(t, access_token, `/${group}`);
      expect(response.status).toBe(403);
      expectErrorArray(response.body, "FeatureNotAvailable");
    }
    const trialBalance = await api(t, access_token, "/trial_balance?from_date=2026-01-01&to_date=2026-01-31");
    expect(trialBalance.status).toBe(200);
  });

  it("other tiers answer lists", async () => {
    const { access_token } = await v31Tokens(t, ben);
    for (const group of groups) {
      const response = await api(t, access_token, `/${group}`);
      expect(response.status).toBe(200);
      expect(response.body).toHaveProperty("$items");
    }
    const plusInIreland = await api(t, (await v31Tokens(t, dara)).access_token, "/currencies");
    expect(plusInIreland.status).toBe(200);
  });
});
