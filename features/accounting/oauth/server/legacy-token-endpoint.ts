import "server-only";
import { postForm, parseTokenResponse } from "./token-endpoint";
import { AccountingResponseError } from "../../errors";
import type { TokenResponse } from "../../schemas";
import { legacyEndpoints } from "../../legacy/endpoints";
import type { LegacyConfig } from "./legacy-config";

export type LegacyEndpointConfig = Pick<
  LegacyConfig,
  "naUrl" | "euUrl" | "gbUrl" | "clientId" | "clientSecret" | "timeoutMs" | "redirectUri"
>;

/** A legacy token response: `resource_owner_id` is the `X-Site` value; the refresh token never expires. */
export type LegacyTokenResponse = TokenResponse & { resource_owner_id?: string };

/** grant_type=authorization_code at the token endpoint of the callback's country. */
export async function requestLegacyCodeExchange(
  config: LegacyEndpointConfig,
  country: string,
  code: string,
): Promise<LegacyTokenResponse> {
  const { tokenUrl } = legacyEndpoints(config, country);
  const response = await postForm(tokenUrl, config, {
    grant_type: "authorization_code",
    code,
    redirect_uri: config.redirectUri,
  });
  return parseTokenResponse(response) as LegacyTokenResponse;
}

/** grant_type=refresh_token at the connection's country; never retried (the refresh token rotates). */
export async function requestLegacyRenewal(
  config: LegacyEndpointConfig,
  country: string,
  refreshToken: string,
  credential?: string,
): Promise<LegacyTokenResponse> {
  const { tokenUrl } = legacyEndpoints(config, country);
  const response = await postForm(
    tokenUrl,
    config,
    { grant_type: "refresh_token", refresh_token: refreshToken },
    { credential },
  );
  return parseTokenResponse(response) as LegacyTokenResponse;
}

/**
 * Legacy revocation: `token` is the access token (the refresh token issued
 * with it dies too) and `client_id`; success is an empty 204.
 */
export async function requestLegacyRevocation(
  config: LegacyEndpointConfig,
  country: string,
  accessToken: string,
): Promise<void> {
  const { revokeUrl } = legacyEndpoints(config, country);
  const response = await postForm(revokeUrl, config, { token: accessToken }, { withSecret: false });
  if (response.status !== 204 || response.text.trim() !== "") {
    throw new AccountingResponseError(response.status, [
      {
        dataCode: "UnexpectedResponse",
        message: "The legacy revoke endpoint did not answer with an empty 204.",
        source: "",
      },
    ]);
  }
}
