import type { DiscoveryDocument } from "./discovery";
import { startSandbox, type RunningSandbox, type SandboxOptions } from "./server";

/** Helpers for the sandbox's own tests: start in-process on port 0, drive pages over plain HTTP. */
export interface TestSandbox {
  sandbox: RunningSandbox;
  urls: DiscoveryDocument;
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({ port: 0, ...options });
  const urls = (await (await fetch(`${sandbox.url}/.well-known/sandbox.json`)).json()) as DiscoveryDocument;
  return {
    sandbox,
    urls,
    async control<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${urls.control_url}${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    close: () => sandbox.close(),
  };
}

export interface FixtureBusiness {
  id: string;
  name: string;
  owner: boolean;
  lead: boolean;
  country: string;
  tier: string;
}

export interface FixtureUser {
  id: string;
  email: string;
  password: string;
  businesses: FixtureBusiness[];
}

export async function fixtureUsers(t: TestSandbox): Promise<FixtureUser[]> {
  return (await t.control<{ users: FixtureUser[] }>("GET", "/fixtures")).body.users;
}

export function hiddenSession(html: string): string {
  const match = /name="session" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no session field in page:\n${html.slice(0, 500)}`);
  return match[1];
}

export function form(values: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(values).toString(),
    redirect: "manual",
  };
}

export interface Person {
  email: string;
  password: string;
}

/**
 * Walks the authorization pages like a browser without JavaScript: the
 * authorization URL (with `country`, or the country page's link), sign-in,
 * consent. Returns the URL the last page redirects to.
 */
export async function walkAuthorization(
  authUrl: string,
  params: Record<string, string>,
  person: Person,
  decision: "allow" | "deny" = "allow",
): Promise<URL> {
  const origin = new URL(authUrl).origin;
  const start = await fetch(`${authUrl}?${new URLSearchParams(params)}`, { redirect: "manual" });
  if (start.status !== 200)
    throw new Error(`authorization page answered ${start.status} ${start.headers.get("location") ?? ""}`);
  const signInPage = await start.text();
  const signIn = await fetch(
    new URL(/action="([^"]+\/sign-in)"/.exec(signInPage)?.[1] ?? "", origin),
    form({
      session: hiddenSession(signInPage),
      email: person.email,
      password: person.password,
    }),
  );
  if (signIn.status !== 303)
    throw new Error(`sign-in answered ${signIn.status}: ${(await signIn.text()).slice(0, 300)}`);
  const consentPage = await (await fetch(new URL(signIn.headers.get("location") ?? "", origin))).text();
  const consent = await fetch(
    new URL(/action="([^"]+\/consent)"/.exec(consentPage)?.[1] ?? "", origin),
    form({
      session: hiddenSession(consentPage),
      decision,
    }),
  );
  const location = consent.headers.get("location");
  if (consent.status !== 302 || !location) throw new Error(`consent answered ${consent.status}`);
  return new URL(location);
}

export const DEV_CLIENT = {
  client_id: "ledgerlane-dev",
  client_secret: "ledgerlane-dev-secret",
  redirect_uri: "http://localhost:3000/api/auth/callback/accounting",
};

export const DEV_V3_CLIENT = {
  client_id: "ledgerlane-dev-v3",
  client_secret: "ledgerlane-dev-v3-secret",
  redirect_uri: "http://localhost:3000/api/auth/callback/accounting-v3",
};

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  scopes: string;
  token_type: string;
  expires_in: number;
  refresh_token_expires_in: number;
  requested_by_id: string;
}

export async function postForm(url: string, values: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(values).toString(),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** A v3.1 authorization code for `person` (country from the person's lead business). */
export async function v31Code(
  t: TestSandbox,
  person: FixtureUser,
  extra: Record<string, string> = {},
  client = DEV_CLIENT,
): Promise<string> {
  const lead = person.businesses.find((business) => business.lead);
  const callback = await walkAuthorization(
    t.urls.accounting.auth_url,
    {
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      response_type: "code",
      scope: "full_access",
      country: (lead?.country ?? "GB").toLowerCase(),
      state: "s",
      ...extra,
    },
    person,
  );
  const code = callback.searchParams.get("code");
  if (!code) throw new Error(`no code in ${callback.toString()}`);
  return code;
}

/** A full v3.1 sign-in: code, then tokens. */
export async function v31Tokens(
  t: TestSandbox,
  person: FixtureUser,
  extra: Record<string, string> = {},
  client = DEV_CLIENT,
): Promise<TokenResponse> {
  const code = await v31Code(t, person, extra, client);
  const response = await postForm(t.urls.accounting.token_url, {
    grant_type: "authorization_code",
    code,
    redirect_uri: client.redirect_uri,
    client_id: client.client_id,
    client_secret: client.client_secret,
  });
  if (response.status !== 200) throw new Error(`token exchange failed: ${response.text}`);
  return response.body as unknown as TokenResponse;
}

export function refreshWith(t: TestSandbox, refreshToken: string, client = DEV_CLIENT) {
  return postForm(t.urls.accounting.token_url, {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: client.client_id,
    client_secret: client.client_secret,
  });
}

export async function api(
  t: TestSandbox,
  accessToken: string,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${t.urls.accounting.base_url}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${accessToken}`, ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
}

export function userByEmail(users: FixtureUser[], prefix: string): FixtureUser {
  const user = users.find((candidate) => candidate.email.startsWith(prefix));
  if (!user) throw new Error(`no fixture user ${prefix}`);
  return user;
}
