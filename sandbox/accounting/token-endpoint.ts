import type { SandboxRequest, SandboxResponse } from "../types";
import { grant } from "./grants";
import { authenticateClient, failure, isFailure, oauthErrorResponse, oauthJson, parseOAuthForm } from "./oauth-http";
import type { AccountingState } from "./state";
import { ACCESS_LIFETIME_S, REFRESH_LIFETIME_S } from "./tokens";

/** POST {token_url} (v3.1). */
export function handleToken(req: SandboxRequest, state: AccountingState): SandboxResponse {
  const form = parseOAuthForm(req);
  if (isFailure(form)) return oauthErrorResponse(form);
  const grantType = form.get("grant_type");
  if (grantType === "authorization_code" || grantType === "refresh_token") state.stats.token[grantType]++;
  const client = authenticateClient(req, form, state, "v3.1");
  if (isFailure(client)) return oauthErrorResponse(client);
  const issued = grant(state, client, form);
  if (isFailure(issued)) return oauthErrorResponse(issued);
  return oauthJson({
    access_token: issued.access.value,
    scopes: issued.access.scope,
    token_type: "bearer",
    expires_in: ACCESS_LIFETIME_S,
    refresh_token: issued.refresh.value,
    refresh_token_expires_in: REFRESH_LIFETIME_S,
    requested_by_id: issued.access.userId,
  });
}

/** POST {revoke_url} (v3.1): refresh tokens only; access tokens live until they expire. */
export function handleRevoke(req: SandboxRequest, state: AccountingState): SandboxResponse {
  const form = parseOAuthForm(req);
  if (isFailure(form)) return oauthErrorResponse(form);
  state.stats.revoke++;
  const client = authenticateClient(req, form, state, "v3.1");
  if (isFailure(client)) return oauthErrorResponse(client);
  const value = form.get("token");
  if (!value) return oauthErrorResponse(failure(400, "invalid_request", "token is required."));
  const access = state.tokens.findAccess(value);
  if (access && access.version === "v3.1") {
    return oauthErrorResponse(
      failure(400, "unsupported_token_type", "Access tokens cannot be revoked; revoke the refresh token."),
    );
  }
  const refresh = state.tokens.findRefresh(value);
  if (refresh && refresh.version === "v3.1") {
    if (refresh.clientId !== client.client_id) {
      return oauthErrorResponse(failure(400, "unauthorized_client", "The token was issued to another client."));
    }
    if (refresh.status === "active") refresh.status = "revoked";
  }
  // RFC 7009 2.2: an unknown or already invalid token is not an error.
  return oauthJson({ success: "ok" });
}
