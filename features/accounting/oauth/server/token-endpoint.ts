import "server-only";
import { upstreamRequest, UpstreamNetworkError } from "@/lib/http/server/upstream";
import type { AccountingConfig } from "./config";
import { quietUntilOf, startQuietPeriod } from "@/lib/http/quiet-periods";
import { errorFromOAuthResponse, parseJson } from "../../error-mapper";
import { AccountingNetworkError, AccountingResponseError, AccountingUnavailableError } from "../../errors";
import { tokenResponseSchema, type TokenResponse } from "../../schemas";

type EndpointConfig = Pick<AccountingConfig, "tokenUrl" | "revokeUrl" | "clientId" | "clientSecret" | "timeoutMs">;

/** After `temporarily_unavailable` the spec asks for 10 minutes without requests; kept per endpoint (lib/http/quiet-periods.ts). */
function assertNotQuiet(url: string): void {
  const until = quietUntilOf(url);
  if (until === undefined) return;
  const error = new AccountingUnavailableError(503, [
    {
      dataCode: "temporarily_unavailable",
      message: "The accounting service asked to wait before retrying.",
      source: "",
    },
  ]);
  error.retryAt = new Date(until);
  throw error;
}

/**
 * A form POST to an OAuth endpoint with the client's credentials; OAuth errors become typed errors.
 * Shared with the legacy v3 endpoints. It draws on the budget of `credential` (the connection's id),
 * else on the client registration's, and waits for it rather than failing a renewal.
 */
export async function postForm(
  url: string,
  config: Pick<EndpointConfig, "clientId" | "clientSecret" | "timeoutMs">,
  fields: Record<string, string>,
  options: { withSecret?: boolean; credential?: string } = {},
) {
  assertNotQuiet(url);
  const credentials: Record<string, string> = { client_id: config.clientId };
  if (options.withSecret !== false) credentials.client_secret = config.clientSecret;
  try {
    const response = await upstreamRequest({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ ...credentials, ...fields }).toString(),
      timeoutMs: config.timeoutMs,
      budget: { service: "accounting", credential: options.credential ?? `client:${config.clientId}` },
      waitForBudget: true,
    });
    if (response.status >= 400) {
      const error = errorFromOAuthResponse(response.status, response.text, response.headers);
      if (error.$dataCode === "temporarily_unavailable") startQuietPeriod(url);
      throw error;
    }
    return response;
  } catch (error) {
    if (error instanceof UpstreamNetworkError) throw new AccountingNetworkError(error.message, error.timedOut);
    throw error;
  }
}

/**
 * grant_type=refresh_token. Never retried: the service rotates the refresh
 * token, so a second attempt after a lost answer would present a dead one.
 */
export async function requestTokenRenewal(
  config: EndpointConfig,
  refreshToken: string,
  credential?: string,
): Promise<TokenResponse> {
  const response = await postForm(
    config.tokenUrl,
    config,
    { grant_type: "refresh_token", refresh_token: refreshToken },
    { credential },
  );
  return parseTokenResponse(response);
}

/**
 * grant_type=authorization_code with PKCE (a sign-in's callback). The person is known only from
 * the answer, so it draws on the client registration's budget; the service counts it against the
 * person, whose own requests leave room for it (exports leave UPSTREAM_BUDGET_EXPORT_RESERVE_PERCENT).
 * Answers the token response as the service sent it (`requested_by_id` included).
 */
export async function requestCodeExchange(
  config: EndpointConfig,
  grant: { code: string; redirectUri: string; codeVerifier: string },
): Promise<Record<string, unknown>> {
  const response = await postForm(config.tokenUrl, config, {
    grant_type: "authorization_code",
    code: grant.code,
    redirect_uri: grant.redirectUri,
    code_verifier: grant.codeVerifier,
  });
  parseTokenResponse(response);
  return parseJson(response.text) as Record<string, unknown>;
}

/** The token endpoint's answer as a token response, or an `UnexpectedResponse` error. */
export function parseTokenResponse(response: { status: number; text: string }): TokenResponse {
  const parsed = tokenResponseSchema.safeParse(parseJson(response.text));
  if (!parsed.success) {
    throw new AccountingResponseError(response.status, [
      { dataCode: "UnexpectedResponse", message: "The token endpoint's answer is not a token response.", source: "" },
    ]);
  }
  return parsed.data;
}

/** RFC 7009 revocation of a refresh token; answers normally when the service accepted it. */
export async function requestRevocation(config: EndpointConfig, refreshToken: string): Promise<void> {
  await postForm(config.revokeUrl, config, { token: refreshToken, token_type_hint: "refresh_token" });
}
