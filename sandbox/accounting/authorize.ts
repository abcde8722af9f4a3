import { redirect } from "../core/http";
import type { SandboxRequest, SandboxResponse } from "../types";
import type { Client, ClientVersion } from "./clients";
import { formatCallback } from "./callback";
import { API_COUNTRIES, COUNTRY_NAMES, OTHER_COUNTRIES, isApiCountry, type Scope } from "./model";
import { consentPage, countryPage, errorPage, invalidFilterPage, signInPage, unavailablePage } from "./pages";
import { checkChallenge } from "./pkce";
import type { AuthorizationSession } from "./sessions";
import type { AccountingState } from "./state";

/** What differs between the v3.1 and the legacy v3 authorization pages. */
export interface AuthorizeFlavor {
  version: ClientVersion;
  /** Absolute path of the authorization URL ("/accounting/authorize"). */
  path: string;
  /** Case of the `country` callback parameter (the spec allows either; the two flows differ on purpose). */
  countryCase: "upper" | "lower";
  pkce: boolean;
}

const SINGLE_PARAMS = [
  "client_id",
  "redirect_uri",
  "response_type",
  "scope",
  "scopes",
  "state",
  "country",
  "filter",
  "code_challenge",
  "code_challenge_method",
];

interface TrustedCallback {
  client: Client;
  redirectUri: string;
  state: string | undefined;
}

/** client_id and redirect_uri must be right before anything may be redirected (RFC 6749 4.1.2.1). */
function trustCallback(query: URLSearchParams, state: AccountingState): TrustedCallback | SandboxResponse {
  const ids = query.getAll("client_id");
  if (ids.length !== 1 || !ids[0]) return errorPage("The request has a missing or repeated client_id.");
  const client = state.clients.find(ids[0]);
  if (!client) return errorPage(`Unknown client_id “${ids[0]}”. Check the app's registration.`);
  const uris = query.getAll("redirect_uri");
  if (uris.length !== 1 || !uris[0]) return errorPage("The request has a missing or repeated redirect_uri.");
  if (!client.redirect_uris.includes(uris[0])) {
    return errorPage(`The redirect_uri “${uris[0]}” is not registered for this app.`);
  }
  return { client, redirectUri: uris[0], state: query.getAll("state")[0] };
}

function errorRedirect(
  callback: { redirectUri: string; state: string | undefined },
  error: string,
  description: string,
) {
  return redirect(
    formatCallback(callback.redirectUri, { error, error_description: description, state: callback.state }),
  );
}

function parseScope(query: URLSearchParams): Scope | "invalid" | "conflict" {
  const scope = query.get("scope");
  const scopes = query.get("scopes");
  if (scope !== null && scopes !== null && scope !== scopes) return "conflict";
  const value = scope ?? scopes;
  if (value === null) return "readonly";
  return value === "readonly" || value === "full_access" ? value : "invalid";
}

function withParams(path: string, query: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(query);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return `${path}?${next.toString()}`;
}

function startFlow(req: SandboxRequest, state: AccountingState, flavor: AuthorizeFlavor): SandboxResponse {
  const query = req.query;
  const trusted = trustCallback(query, state);
  if ("status" in trusted) return trusted;
  const fail = (error: string, description: string) => errorRedirect(trusted, error, description);

  if (trusted.client.version !== flavor.version) {
    return fail(
      "unauthorized_client",
      `This client is registered for API ${trusted.client.version}, not ${flavor.version}.`,
    );
  }
  const repeated = SINGLE_PARAMS.find((name) => query.getAll(name).length > 1);
  if (repeated) return fail("invalid_request", `The parameter ${repeated} is repeated.`);
  const responseType = query.get("response_type");
  if (!responseType) return fail("invalid_request", "response_type is required.");
  if (responseType !== "code") return fail("unsupported_response_type", "response_type must be code.");
  const scope = parseScope(query);
  if (scope === "conflict") return fail("invalid_request", "scope and scopes disagree.");
  if (scope === "invalid") return fail("invalid_scope", "The scope must be readonly or full_access.");

  let challenge: AuthorizationSession["challenge"];
  if (flavor.pkce) {
    const check = checkChallenge(query.get("code_challenge"), query.get("code_challenge_method"));
    if (!check.ok) return fail("invalid_request", check.description);
    challenge = check.challenge;
  }

  const countryParam = query.get("country");
  if (countryParam === null) return countrySelection(query, trusted.client, flavor);
  const country = countryParam.toUpperCase();
  if (!isApiCountry(country)) return fail("invalid_request", `Unknown country “${countryParam}”.`);

  const session = state.sessions.create(
    {
      version: flavor.version,
      clientId: trusted.client.client_id,
      redirectUri: trusted.redirectUri,
      scope,
      state: trusted.state,
      country,
      ...(challenge ? { challenge } : {}),
    },
    state.nowMs(),
  );
  return renderSignIn(session, trusted.client, flavor, query);
}

function countrySelection(query: URLSearchParams, client: Client, flavor: AuthorizeFlavor): SandboxResponse {
  const filter = query.get("filter");
  if (filter !== null && filter !== "apiv3.1") {
    return invalidFilterPage(filter, withParams(flavor.path, query, { filter: null }));
  }
  const link = (code: string) => ({
    name: COUNTRY_NAMES[code] ?? code,
    href: withParams(flavor.path, query, { country: code.toLowerCase(), filter: null }),
  });
  const unavailable = (code: string) => ({
    name: COUNTRY_NAMES[code] ?? code,
    href: `${flavor.path}/unavailable?${new URLSearchParams({ country: code, back: withParams(flavor.path, query, {}) })}`,
  });
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const countries = API_COUNTRIES.map(link).sort(byName);
  const others = filter === "apiv3.1" ? [] : OTHER_COUNTRIES.map(unavailable).sort(byName);
  return countryPage(client.name, countries, others);
}

function renderSignIn(
  session: AuthorizationSession,
  client: Client,
  flavor: AuthorizeFlavor,
  query: URLSearchParams | undefined,
  extra: { email?: string; error?: string } = {},
): SandboxResponse {
  const back = query
    ? withParams(flavor.path, query, { country: null })
    : `${flavor.path}?${new URLSearchParams({
        client_id: session.clientId,
        redirect_uri: session.redirectUri,
        response_type: "code",
        scope: session.scope,
        ...(session.state === undefined ? {} : { state: session.state }),
        ...(session.challenge
          ? { code_challenge: session.challenge.value, code_challenge_method: session.challenge.method }
          : {}),
      })}`;
  return signInPage({
    action: `${flavor.path}/sign-in`,
    sessionId: session.id,
    appName: client.name,
    countryName: COUNTRY_NAMES[session.country] ?? session.country,
    changeCountryHref: back,
    ...extra,
  });
}

function signIn(req: SandboxRequest, state: AccountingState, flavor: AuthorizeFlavor): SandboxResponse {
  const form = new URLSearchParams(req.body.toString("utf8"));
  const session = state.sessions.find(form.get("session"), state.nowMs());
  const client = session && state.clients.find(session.clientId);
  if (!session || !client) return lostSession();
  const email = form.get("email") ?? "";
  const user = state.userByEmail(email);
  if (!user || user.password !== (form.get("password") ?? "")) {
    return renderSignIn(session, client, flavor, undefined, { email, error: "Incorrect email or password." });
  }
  const lead = state.businesses.get(user.lead_business_id);
  if (!lead || lead.country !== session.country) {
    const home = lead ? (COUNTRY_NAMES[lead.country] ?? lead.country) : "another country";
    return renderSignIn(session, client, flavor, undefined, {
      email,
      error: `This account is registered in ${home}. Change country to sign in.`,
    });
  }
  session.userId = user.id;
  return {
    status: 303,
    headers: {
      location: `${flavor.path}/consent?session=${encodeURIComponent(session.id)}`,
      "cache-control": "no-store",
    },
  };
}

function showConsent(req: SandboxRequest, state: AccountingState, flavor: AuthorizeFlavor): SandboxResponse {
  const session = state.sessions.find(req.query.get("session"), state.nowMs());
  const client = session && state.clients.find(session.clientId);
  const user = session?.userId ? state.users.get(session.userId) : undefined;
  if (!session || !client || !user) return lostSession();
  return consentPage({
    action: `${flavor.path}/consent`,
    sessionId: session.id,
    appName: client.name,
    userEmail: user.email,
    businessName: state.businesses.get(user.lead_business_id)?.name ?? "",
    scope: session.scope,
  });
}

function decide(req: SandboxRequest, state: AccountingState, flavor: AuthorizeFlavor): SandboxResponse {
  const form = new URLSearchParams(req.body.toString("utf8"));
  const session = state.sessions.find(form.get("session"), state.nowMs());
  if (!session || !session.userId) return lostSession();
  state.sessions.end(session.id);
  if (form.get("decision") !== "allow") {
    return errorRedirect(session, "access_denied", "The user denied access.");
  }
  const code = state.tokens.issueCode(
    {
      version: session.version,
      clientId: session.clientId,
      userId: session.userId,
      redirectUri: session.redirectUri,
      scope: session.scope,
      country: session.country,
      ...(session.challenge ? { challenge: session.challenge } : {}),
    },
    state.nowMs(),
  );
  const country = flavor.countryCase === "upper" ? session.country : session.country.toLowerCase();
  return redirect(formatCallback(session.redirectUri, { code: code.value, country, state: session.state }));
}

function lostSession(): SandboxResponse {
  return errorPage("This sign-in has expired or was already completed. Go back to the app and connect again.");
}

function showUnavailable(req: SandboxRequest, flavor: AuthorizeFlavor): SandboxResponse {
  const code = (req.query.get("country") ?? "").toUpperCase();
  const back = req.query.get("back") ?? "";
  // Only links back into the authorization pages, never elsewhere.
  const safeBack = back.startsWith(`${flavor.path}?`) ? back : flavor.path;
  return unavailablePage(COUNTRY_NAMES[code] ?? code, safeBack);
}

/** The authorization pages; `req.path` is below the authorization path ("", "/sign-in", "/consent"). */
export function handleAuthorize(req: SandboxRequest, state: AccountingState, flavor: AuthorizeFlavor): SandboxResponse {
  const route = `${req.method} ${req.path === "/" ? "" : req.path}`;
  switch (route) {
    case "GET ":
      if (flavor.version === "v3") state.stats.legacy_authorize++;
      else state.stats.authorize++;
      return startFlow(req, state, flavor);
    case "POST /sign-in":
      return signIn(req, state, flavor);
    case "GET /consent":
      return showConsent(req, state, flavor);
    case "POST /consent":
      return decide(req, state, flavor);
    case "GET /unavailable":
      return showUnavailable(req, flavor);
    default:
      return errorPage("Page not found.", 404);
  }
}

/**
 * A fault on the authorization pages answers the way an authorization server
 * reports trouble: a redirect with `error` (when the callback can be trusted).
 */
export function authorizeFault(
  req: SandboxRequest,
  state: AccountingState,
  error: "server_error" | "temporarily_unavailable",
): SandboxResponse {
  const description =
    error === "server_error"
      ? "Unexpected error (injected by the sandbox)."
      : "The service is unavailable; wait 10 minutes.";
  if (req.method === "GET" && (req.path === "" || req.path === "/")) {
    const trusted = trustCallback(req.query, state);
    return "status" in trusted ? trusted : errorRedirect(trusted, error, description);
  }
  const sessionId =
    req.method === "GET" ? req.query.get("session") : new URLSearchParams(req.body.toString("utf8")).get("session");
  const session = state.sessions.find(sessionId, state.nowMs());
  if (!session) return errorPage(description, error === "server_error" ? 500 : 503);
  state.sessions.end(session.id);
  return errorRedirect(session, error, description);
}
