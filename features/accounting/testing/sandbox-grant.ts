import { createHash, randomBytes } from "node:crypto";

// Test helper: walks the sandbox's authorization pages over plain HTTP (as a
// browser would) and exchanges the code, to get a real token response.

export interface GrantClient {
  authUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface Person {
  email: string;
  password: string;
  country: string;
}

function field(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no ${name} field on the page`);
  return match[1];
}

async function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** The callback URL the service redirects to after consent (with code, country, state). */
export async function authorize(
  client: GrantClient,
  person: Person,
  opts: { scope?: string; state?: string; verifier?: string } = {},
): Promise<URL> {
  const verifier = opts.verifier ?? randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const url = new URL(client.authUrl);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: "code",
    scope: opts.scope ?? "full_access",
    country: person.country,
    state: opts.state ?? "test-state",
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const page = await (await fetch(url)).text();
  const signedIn = await postForm(`${client.authUrl}/sign-in`, {
    session: field(page, "session"),
    email: person.email,
    password: person.password,
  });
  const consentUrl = new URL(signedIn.headers.get("location") ?? "", client.authUrl);
  const consent = await (await fetch(consentUrl)).text();
  const decided = await postForm(`${client.authUrl}/consent`, {
    session: field(consent, "session"),
    decision: "allow",
  });
  return new URL(decided.headers.get("location") ?? "");
}

export async function grantTokens(
  client: GrantClient,
  person: Person,
  scope = "full_access",
): Promise<Record<string, unknown>> {
  const verifier = randomBytes(32).toString("base64url");
  const callback = await authorize(client, person, { scope, verifier });
  const response = await postForm(client.tokenUrl, {
    grant_type: "authorization_code",
    code: callback.searchParams.get("code") ?? "",
    redirect_uri: client.redirectUri,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code_verifier: verifier,
  });
  if (!response.ok) throw new Error(`token exchange failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}
