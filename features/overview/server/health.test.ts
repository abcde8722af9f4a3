import { describe, expect, it } from "vitest";
import { accountingState, RENEWAL_DUE_MS } from "./health";

// The accounting connection's health on the overview: valid, renewal due, or broken with what mends it.

const NOW = Date.parse("2026-11-26T10:00:00Z");
const row = (over: Partial<Parameters<typeof accountingState>[0]> = {}) => ({
  version: "v3_1" as const,
  status: "active" as const,
  statusReason: null,
  refreshTokenExpiresAt: new Date(NOW + 20 * 86_400_000),
  lastRenewedAt: new Date(NOW - 86_400_000),
  ...over,
});

describe("an accounting connection's state", () => {
  it("is valid while its refresh token has more than a week left", () => {
    expect(accountingState(row(), NOW)).toMatchObject({
      version: "v3.1",
      state: "valid",
      reason: null,
      action: null,
      actionHref: null,
    });
  });

  it("is due for renewal within the week, broken once expired or refused, and says what mends it", () => {
    expect(accountingState(row({ refreshTokenExpiresAt: new Date(NOW + RENEWAL_DUE_MS - 1) }), NOW)).toMatchObject({
      state: "renewal_due",
      reason: "refresh_token_expires_soon",
      action: "sign_in_again",
      actionHref: "/settings/connection",
    });
    expect(accountingState(row({ refreshTokenExpiresAt: new Date(NOW) }), NOW)).toMatchObject({
      state: "broken",
      reason: "refresh_token_expired",
    });
    expect(accountingState(row({ status: "reauth_required", statusReason: "invalid_grant" }), NOW)).toMatchObject({
      state: "broken",
      reason: "invalid_grant",
      action: "sign_in_again",
    });
    expect(accountingState(row({ version: "v3", status: "revoke_pending" }), NOW)).toMatchObject({
      version: "v3",
      state: "broken",
      action: "wait_for_revocation",
      actionHref: null,
    });
  });
});
