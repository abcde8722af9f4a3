import "server-only";
import type { Profile } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import type { LegacyConfig } from "@/features/accounting/oauth/server/legacy-config";
import { requestLegacyCodeExchange } from "@/features/accounting/oauth/server/legacy-token-endpoint";
import { currentCallbackContext } from "./callback-context";

export const LEGACY_PROVIDER_ID = "accounting-v3";

export class LegacyStateMismatchError extends Error {
  override name = "LegacyStateMismatchError";
  constructor() {
    super("The returned state does not match the one sent.");
  }
}

/**
 * The legacy v3 flow as an OAuth provider: its authorization page takes no
 * PKCE (spec: `client_id`, `response_type`, `redirect_uri`, `scopes`, `state`),
 * so only `state` is checked. The code is exchanged at the token host of the
 * country the callback returns, which next-auth cannot pick: the exchange is
 * done here.
 */
export function legacyAccountingProvider(config: LegacyConfig): OAuthConfig<Profile> {
  return {
    id: LEGACY_PROVIDER_ID,
    name: "Accounting service (legacy v3)",
    type: "oauth",
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorization: { url: config.authUrl, params: { scopes: "full_access", response_type: "code", scope: undefined } },
    token: {
      url: config.authUrl,
      async request({ params, checks }) {
        if (!checks.state || params.state !== checks.state) throw new LegacyStateMismatchError();
        const country = currentCallbackContext()?.country ?? params.country;
        const tokens = await requestLegacyCodeExchange(config, String(country ?? ""), String(params.code ?? ""));
        return { tokens: tokens as never };
      },
    },
    // The legacy flow names no user: the person is known by the lead business (`resource_owner_id`).
    userinfo: {
      request: ({ tokens }) => ({ sub: String((tokens as Record<string, unknown>).resource_owner_id ?? "") }),
    },
    profile: (profile) => ({ id: profile.sub ?? "" }),
    idToken: false,
    checks: ["state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
  };
}
