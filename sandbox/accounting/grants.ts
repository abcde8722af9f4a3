import type { Client } from "./clients";
import { LEGACY_REGION, type LegacyRegion, type Scope } from "./model";
import { failure, type OAuthFailure } from "./oauth-http";
import { isWellFormedVerifier, verifierMatches } from "./pkce";
import type { AccountingState } from "./state";
import type { AccessToken, RefreshToken } from "./tokens";

export interface Issued {
  access: AccessToken;
  refresh: RefreshToken;
}

/** Legacy codes and tokens are known only at their country's token host. */
function outsideRegion(country: keyof typeof LEGACY_REGION, region: LegacyRegion | undefined): boolean {
  return region !== undefined && LEGACY_REGION[country] !== region;
}

/** grant_type=authorization_code: single use, 60 seconds, exact redirect_uri, PKCE when requested. */
export function redeemCode(
  state: AccountingState,
  client: Client,
  form: URLSearchParams,
  region?: LegacyRegion,
): Issued | OAuthFailure {
  const value = form.get("code");
  const redirectUri = form.get("redirect_uri");
  if (!value) return failure(400, "invalid_request", "code is required.");
  if (!redirectUri) return failure(400, "invalid_request", "redirect_uri is required.");
  const code = state.tokens.findCode(value);
  if (!code || code.version !== client.version || outsideRegion(code.country, region)) {
    return failure(400, "invalid_grant", "Unknown authorization code.");
  }
  if (code.clientId !== client.client_id) {
    return failure(400, "invalid_grant", "The authorization code was issued to another client.");
  }
  if (code.used) {
    state.tokens.revokeGrant(code.grantId);
    return failure(
      400,
      "invalid_grant",
      "The authorization code was already used; the tokens issued for it are revoked.",
    );
  }
  const nowMs = state.nowMs();
  if (code.expiresAtMs <= nowMs) return failure(400, "invalid_grant", "The authorization code has expired.");
  if (redirectUri !== code.redirectUri) {
    return failure(400, "invalid_grant", "redirect_uri differs from the one of the authorization request.");
  }
  const verifier = form.get("code_verifier");
  if (code.challenge) {
    if (verifier === null) return failure(400, "invalid_request", "code_verifier is required for this code.");
    if (!isWellFormedVerifier(verifier)) {
      return failure(400, "invalid_request", "code_verifier must be 43 to 128 unreserved characters.");
    }
    if (!verifierMatches(verifier, code.challenge)) return failure(400, "invalid_grant", "invalid verifier");
  } else if (verifier !== null) {
    return failure(400, "invalid_grant", "code_verifier sent, but the authorization request had no code_challenge.");
  }
  code.used = true;
  return state.tokens.issueTokens(
    {
      version: code.version,
      clientId: code.clientId,
      userId: code.userId,
      scope: code.scope,
      country: code.country,
      grantId: code.grantId,
    },
    nowMs,
  );
}

function narrowScope(granted: Scope, requested: string | null): Scope | OAuthFailure {
  if (requested === null) return granted;
  if (requested !== "readonly" && requested !== "full_access") {
    return failure(400, "invalid_scope", "The scope must be readonly or full_access.");
  }
  if (requested === "full_access" && granted === "readonly") {
    return failure(400, "invalid_scope", "The scope exceeds the scope originally granted.");
  }
  return requested;
}

/** grant_type=refresh_token: rotation; the presented refresh token is dead afterwards. */
export function renew(
  state: AccountingState,
  client: Client,
  form: URLSearchParams,
  region?: LegacyRegion,
): Issued | OAuthFailure {
  const value = form.get("refresh_token");
  if (!value) return failure(400, "invalid_request", "refresh_token is required.");
  const token = state.tokens.findRefresh(value);
  if (!token || token.version !== client.version || outsideRegion(token.country, region)) {
    return failure(400, "invalid_grant", "Unknown refresh token.");
  }
  if (token.clientId !== client.client_id) {
    return failure(400, "invalid_grant", "The refresh token was issued to another client.");
  }
  const nowMs = state.nowMs();
  if (token.status === "rotated")
    return failure(400, "invalid_grant", "The refresh token was already used for a renewal.");
  if (token.status === "revoked") return failure(400, "invalid_grant", "The refresh token is revoked.");
  if (!state.tokens.isRefreshLive(token, nowMs)) return failure(400, "invalid_grant", "The refresh token has expired.");
  const scope = narrowScope(token.scope, form.get("scope") ?? form.get("scopes"));
  if (typeof scope !== "string") return scope;
  token.status = "rotated";
  return state.tokens.issueTokens(
    {
      version: token.version,
      clientId: token.clientId,
      userId: token.userId,
      scope,
      country: token.country,
      grantId: token.grantId,
    },
    nowMs,
  );
}

/** grant_type dispatch shared by both token endpoints. */
export function grant(
  state: AccountingState,
  client: Client,
  form: URLSearchParams,
  region?: LegacyRegion,
): Issued | OAuthFailure {
  const grantType = form.get("grant_type");
  if (!grantType) return failure(400, "invalid_request", "grant_type is required.");
  if (grantType !== "authorization_code" && grantType !== "refresh_token") {
    return failure(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token.");
  }
  if (!client.grant_types.includes(grantType)) {
    return failure(400, "unauthorized_client", `This client may not use the ${grantType} grant.`);
  }
  return grantType === "authorization_code"
    ? redeemCode(state, client, form, region)
    : renew(state, client, form, region);
}
