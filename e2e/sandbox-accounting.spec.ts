import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

// The accounting sandbox's authorization pages as a person uses them.
// Needs a running sandbox (npm run sandbox); SANDBOX_URL overrides the address.
const SANDBOX_URL = process.env.SANDBOX_URL ?? "http://127.0.0.1:4010";
// Nothing listens on port 9; the callback is intercepted, never loaded.
const REDIRECT_URI = "http://127.0.0.1:9/e2e/accounting/callback";

interface Discovery {
  accounting: { auth_url: string };
  control_url: string;
}
interface FixtureUser {
  email: string;
  password: string;
  businesses: Array<{ lead: boolean; country: string }>;
}

let discovery: Discovery;
let clientId: string;
let person: FixtureUser;

async function setUp(request: APIRequestContext) {
  discovery = (await (await request.get(`${SANDBOX_URL}/.well-known/sandbox.json`)).json()) as Discovery;
  const registration = await request.post(`${discovery.control_url}/clients`, {
    data: { name: "Playwright test app", redirect_uris: [REDIRECT_URI], version: "v3.1" },
  });
  expect(registration.status()).toBe(201);
  clientId = ((await registration.json()) as { client_id: string }).client_id;
  const fixtures = (await (await request.get(`${discovery.control_url}/fixtures`)).json()) as { users: FixtureUser[] };
  const gbUser = fixtures.users.find((user) => user.businesses.some((b) => b.lead && b.country === "GB"));
  if (!gbUser) throw new Error("no fixture user with a GB lead business");
  person = gbUser;
}

async function interceptCallback(page: Page) {
  await page.route(`${REDIRECT_URI}**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>callback reached</p>" }),
  );
}

async function signInAndDecide(page: Page, decision: "Allow" | "Deny", state: string) {
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "full_access",
    filter: "apiv3.1",
    state,
  });
  await page.goto(`${discovery.accounting.auth_url}?${params}`);
  await expect(page.getByRole("heading", { name: "Choose your country" })).toBeVisible();
  await page.getByRole("link", { name: "United Kingdom" }).click();
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Allow" })).toBeVisible();
  await page.getByRole("button", { name: decision }).click();
  await page.waitForURL((url) => url.href.startsWith(REDIRECT_URI));
  return new URL(page.url());
}

test.describe("accounting sandbox authorization pages", () => {
  test.beforeAll(async ({ request }) => {
    await setUp(request);
  });

  test("country, sign-in and Allow lead to the callback with code, country and state", async ({ page }) => {
    await interceptCallback(page);
    const callback = await signInAndDecide(page, "Allow", "e2e-state-allow");
    expect(callback.searchParams.get("code")).toBeTruthy();
    expect(callback.searchParams.get("country")?.toUpperCase()).toBe("GB");
    expect(callback.searchParams.get("state")).toBe("e2e-state-allow");
    expect(callback.searchParams.get("error")).toBeNull();
  });

  test("Deny leads to the callback with access_denied", async ({ page }) => {
    await interceptCallback(page);
    const callback = await signInAndDecide(page, "Deny", "e2e-state-deny");
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe("e2e-state-deny");
    expect(callback.searchParams.get("code")).toBeNull();
  });

  test("a wrong password keeps the person on the sign-in form", async ({ page }) => {
    const params = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      country: "gb",
    });
    await page.goto(`${discovery.accounting.auth_url}?${params}`);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
    await expect(page.getByLabel("Email")).toHaveValue(person.email);
  });

  test("an unknown redirect_uri shows an error page instead of redirecting", async ({ page }) => {
    const params = new URLSearchParams({
      client_id: clientId,
      redirect_uri: "https://elsewhere.example/cb",
      response_type: "code",
    });
    await page.goto(`${discovery.accounting.auth_url}?${params}`);
    await expect(page.getByRole("heading", { name: "Authorization error" })).toBeVisible();
    expect(page.url()).toContain(discovery.accounting.auth_url);
  });
});
