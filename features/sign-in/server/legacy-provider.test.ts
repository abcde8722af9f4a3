import { beforeEach, describe, expect, it, vi } from "vitest";

const exchange = vi.hoisted(() => vi.fn());
vi.mock("@/features/accounting/oauth/server/legacy-token-endpoint", () => ({ requestLegacyCodeExchange: exchange }));

const { legacyAccountingProvider, LegacyStateMismatchError } = await import("./legacy-provider");
const { runInCallbackContext } = await import("./callback-context");
const { legacyTokensFromAccount } = await import("./complete-legacy-sign-in");

const config = {
  authUrl: "https://legacy.example/authorize",
  naUrl: "https://na.example",
  euUrl: "https://eu.example",
  gbUrl: "https://gb.example",
  clientId: "v3-client",
  clientSecret: "v3-secret",
  timeoutMs: 1000,
  redirectUri: "http://localhost:3000/api/auth/callback/accounting-v3",
};

type TokenRequest = (context: {
  params: Record<string, unknown>;
  checks: Record<string, unknown>;
}) => Promise<{ tokens: unknown }>;
const request = () => (legacyAccountingProvider(config).token as unknown as { request: TokenRequest }).request;

beforeEach(() => {
  exchange.mockReset();
  exchange.mockResolvedValue({
    access_token: "a".repeat(40),
    refresh_token: "r",
    expires_in: 3600,
    token_type: "Bearer",
    resource_owner_id: "site-1",
  });
});

describe("the legacy provider", () => {
  it("checks state only (the legacy page takes no PKCE) and sends `scopes`", () => {
    const provider = legacyAccountingProvider(config);
    expect(provider.checks).toEqual(["state"]);
    expect(provider.authorization).toMatchObject({
      url: config.authUrl,
      params: { scopes: "full_access", response_type: "code" },
    });
  });

  it("stops when the returned state differs from the sent one, before any exchange", async () => {
    await expect(
      request()({ params: { code: "c", state: "other", country: "gb" }, checks: { state: "sent" } }),
    ).rejects.toBeInstanceOf(LegacyStateMismatchError);
    await expect(request()({ params: { code: "c", country: "gb" }, checks: {} })).rejects.toBeInstanceOf(
      LegacyStateMismatchError,
    );
    expect(exchange).not.toHaveBeenCalled();
  });

  it("exchanges the code for the callback's country", async () => {
    await runInCallbackContext({ country: "us", signedIn: false }, () =>
      request()({ params: { code: "c", state: "s", country: "us" }, checks: { state: "s" } }),
    );
    expect(exchange).toHaveBeenCalledWith(config, "us", "c");
  });
});

describe("legacy tokens from next-auth's account", () => {
  it("keeps 3600 s access tokens and no refresh-token expiry; requires the resource owner", () => {
    const now = Date.now();
    const { tokens, resourceOwnerId } = legacyTokensFromAccount(
      {
        access_token: "a",
        refresh_token: "r",
        token_type: "Bearer",
        scopes: "readonly",
        resource_owner_id: "site-1",
        expires_at: Math.round(now / 1000) + 3600,
      },
      now,
    );
    expect(resourceOwnerId).toBe("site-1");
    expect(tokens.expires_in).toBeGreaterThanOrEqual(3599);
    expect(tokens.refresh_token_expires_in).toBeUndefined();
    expect(() => legacyTokensFromAccount({ access_token: "a", refresh_token: "r" })).toThrow();
  });
});
