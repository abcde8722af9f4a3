import { noContent } from "../core/http";
import type { SandboxRequest, SandboxResponse } from "../types";
import { grant } from "./grants";
import { LEGACY_REGION, type LegacyRegion } from "./model";
import { authenticateClient, failure, isFailure, oauthErrorResponse, oauthJson, parseOAuthForm } from "./oauth-http";
import type { AccountingState } from "./state";
import { LEGACY_ACCESS_LIFETIME_S } from "./tokens";

/** POST {oauth_xx_url}/token (legacy v3). */
export function handleLegacyToken(req: SandboxRequest, state: AccountingState, region: LegacyRegion): SandboxResponse {
  const form = parseOAuthForm(req);
  if (isFailure(form)) return oauthErrorResponse(form);
  state.stats.legacy_token[region]++;
  const client = authenticateClient(req, form, state, "v3");
  if (isFailure(client)) return oauthErrorResponse(client);
  const issued = grant(state, client, form, region);
  if (isFailure(issued)) return oauthErrorResponse(issued);
  const user = state.users.get(issued.access.userId);
  return oauthJson({
    access_token: issued.access.value,
    scopes: issued.access.scope,
    token_type: "Bearer",
    expires_in: LEGACY_ACCESS_LIFETIME_S,
    refresh_token: issued.refresh.value,
    resource_owner_id: user?.lead_business_id ?? "",
  });
}

/**
 * POST {oauth_xx_url}/revoke (legacy v3): `token` (the access token) and `client_id`;
 * the access token and the refresh token issued with it die; answers an empty 204.
 */
export function handleLegacyRevoke(req: SandboxRequest, state: AccountingState, region: LegacyRegion): SandboxResponse {
  const form = parseOAuthForm(req);
  if (isFailure(form)) return oauthErrorResponse(form);
  state.stats.legacy_revoke[region]++;
  const client = authenticateClient(req, form, state, "v3", { secretRequired: false });
  if (isFailure(client)) return oauthErrorResponse(client);
  const value = form.get("token");
  if (!value) return oauthErrorResponse(failure(400, "invalid_request", "token is required."));
  const access = state.tokens.findAccess(value);
  const refresh = access ? state.tokens.findRefresh(access.refreshToken) : state.tokens.findRefresh(value);
  const owner = access ?? refresh;
  // A token of another region or version is unknown here: RFC 7009 answers success without effect.
  if (!owner || owner.version !== "v3" || LEGACY_REGION[owner.country] !== region) return noContent();
  if (owner.clientId !== client.client_id) {
    return oauthErrorResponse(failure(400, "unauthorized_client", "The token was issued to another client."));
  }
  const pairedAccess = access ?? (refresh ? state.tokens.findAccess(refresh.accessToken) : undefined);
  if (pairedAccess) pairedAccess.revoked = true;
  if (refresh && refresh.status === "active") refresh.status = "revoked";
  return noContent();
}
