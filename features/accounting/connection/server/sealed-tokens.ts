import "server-only";
import { openSecret, sealSecret } from "@/lib/server/secrets";
import type { TokenResponse } from "../../schemas";

// Tokens are stored only sealed to their connection row and column.

const TABLE = "accounting_connections" as const;

export function sealRefreshToken(connectionId: string, token: string): string {
  return sealSecret(token, { table: TABLE, rowId: connectionId, column: "refresh_token_encrypted" });
}

export function openRefreshToken(connectionId: string, sealed: string): string {
  return openSecret(sealed, { table: TABLE, rowId: connectionId, column: "refresh_token_encrypted" });
}

export function sealAccessToken(connectionId: string, token: string): string {
  return sealSecret(token, { table: TABLE, rowId: connectionId, column: "access_token_encrypted" });
}

export function openAccessToken(connectionId: string, sealed: string): string {
  return openSecret(sealed, { table: TABLE, rowId: connectionId, column: "access_token_encrypted" });
}

/** The columns a token response sets on a connection row. */
export function tokenColumns(connectionId: string, tokens: TokenResponse, now: Date) {
  return {
    accessTokenEncrypted: sealAccessToken(connectionId, tokens.access_token),
    accessTokenExpiresAt: new Date(now.getTime() + tokens.expires_in * 1000),
    refreshTokenEncrypted: sealRefreshToken(connectionId, tokens.refresh_token),
    refreshTokenExpiresAt: tokens.refresh_token_expires_in
      ? new Date(now.getTime() + tokens.refresh_token_expires_in * 1000)
      : null,
    scopes: tokens.scopes ?? tokens.scope ?? undefined,
    lastRenewedAt: now,
  };
}
