import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import { accountingConfig, type AccountingConfig } from "../../oauth/server/config";
import { AccountingError, AccountingNetworkError, AccountingUnavailableError } from "../../errors";
import type { TokenResponse } from "../../schemas";
import { forgetAccessToken } from "./access-token";
import { openAccessToken, openRefreshToken, tokenColumns } from "./sealed-tokens";
import { requestRevocation } from "../../oauth/server/token-endpoint";
import { requireLegacyConfig } from "../../oauth/server/legacy-config";
import { requestLegacyRevocation } from "../../oauth/server/legacy-token-endpoint";
import { log } from "@/lib/log/logger";

export type ConnectionVersion = "v3_1" | "v3";

export interface LifecycleDeps {
  db: PrismaClient;
  config: AccountingConfig;
  revoke: (config: AccountingConfig, refreshToken: string) => Promise<void>;
  /** Legacy v3: revokes the access token (and the refresh token issued with it) at the country's host. */
  revokeLegacy: (country: string, accessToken: string) => Promise<void>;
  /** Called when a revocation must be retried later (a job is queued). */
  scheduleRevokeRetry: (connectionId: string) => Promise<void>;
}

export function defaultLifecycleDeps(scheduleRevokeRetry: LifecycleDeps["scheduleRevokeRetry"]): LifecycleDeps {
  return {
    db: getDb(),
    config: accountingConfig(),
    revoke: requestRevocation,
    revokeLegacy: revokeLegacyToken,
    scheduleRevokeRetry,
  };
}

export function revokeLegacyToken(country: string, accessToken: string): Promise<void> {
  return requestLegacyRevocation(requireLegacyConfig(), country, accessToken);
}

/**
 * Stores the tokens of a completed sign-in on the person's one connection of
 * that version (v3.1 by default; created or replaced), active again. Answers
 * the tokens it replaced, which the caller revokes (legacy v3 revokes the
 * access token at the replaced connection's country).
 */
export async function storeSignInTokens(
  db: PrismaClient,
  input: {
    userId: string;
    tokens: TokenResponse;
    country: string | undefined;
    version?: ConnectionVersion;
    resourceOwnerId?: string;
  },
): Promise<{
  connectionId: string;
  replacedRefreshToken: string | undefined;
  replacedAccessToken?: string;
  replacedCountry?: string | null;
}> {
  const now = new Date();
  const version = input.version ?? "v3_1";
  return db.$transaction(async (tx) => {
    const existing = await tx.accountingConnection.findUnique({
      where: { userId_version: { userId: input.userId, version } },
      select: { id: true, refreshTokenEncrypted: true, accessTokenEncrypted: true, country: true },
    });
    const connectionId = existing?.id ?? randomUUID();
    const columns = tokenColumns(connectionId, input.tokens, now);
    const data = {
      ...columns,
      scopes: columns.scopes ?? "readonly",
      status: "active" as const,
      statusReason: null,
      ...(input.country ? { country: input.country.toUpperCase() } : {}),
      ...(input.resourceOwnerId ? { resourceOwnerId: input.resourceOwnerId } : {}),
    };
    await tx.accountingConnection.upsert({
      where: { id: connectionId },
      create: { id: connectionId, userId: input.userId, version, ...data },
      update: data,
    });
    forgetAccessToken(connectionId);
    const replaced = existing?.refreshTokenEncrypted
      ? openRefreshToken(connectionId, existing.refreshTokenEncrypted)
      : undefined;
    if (version === "v3" && existing?.accessTokenEncrypted) {
      return {
        connectionId,
        replacedRefreshToken: replaced,
        replacedAccessToken: openAccessToken(connectionId, existing.accessTokenEncrypted),
        replacedCountry: existing.country,
      };
    }
    return { connectionId, replacedRefreshToken: replaced };
  });
}

export type RevokeOutcome = "revoked" | "pending" | "none";

interface RevokeRow {
  version: "v3.1" | "v3";
  country: string | null;
  refresh_token_encrypted: string | null;
  access_token_encrypted: string | null;
}

function isRetryable(error: unknown): boolean {
  return (
    error instanceof AccountingUnavailableError ||
    error instanceof AccountingNetworkError ||
    (error instanceof AccountingError && error.status === 429)
  );
}

/**
 * Disconnect (also part of sign-out): revokes the refresh token (RFC 7009),
 * then deletes it with the connection. When the service fails (5xx, no
 * answer) the token is kept, the connection marked `revoke_pending` and a
 * retry scheduled; the app stops using the connection either way.
 */
export async function disconnectUser(
  userId: string,
  deps: LifecycleDeps,
  version: ConnectionVersion = "v3_1",
): Promise<RevokeOutcome> {
  const connection = await deps.db.accountingConnection.findUnique({
    where: { userId_version: { userId, version } },
    select: { id: true },
  });
  if (!connection) return "none";
  return revokeConnection(connection.id, deps);
}

/** Revokes and deletes one connection's refresh token; used by Disconnect and the retry job. */
export async function revokeConnection(connectionId: string, deps: LifecycleDeps): Promise<RevokeOutcome> {
  forgetAccessToken(connectionId);
  const outcome = await deps.db.$transaction(
    async (tx): Promise<RevokeOutcome> => {
      // The renewal lock: no renewal may rotate the token while it is revoked.
      const [row] = await tx.$queryRaw<RevokeRow[]>`
        SELECT version::text AS version, country, refresh_token_encrypted, access_token_encrypted
        FROM accounting_connections WHERE id = ${connectionId}::uuid FOR UPDATE`;
      if (!row) return "none";
      const legacy = row.version === "v3";
      // Legacy v3 revokes by access token (the refresh token issued with it dies too).
      const revoke = legacy
        ? row.access_token_encrypted
          ? () => deps.revokeLegacy(row.country ?? "", openAccessToken(connectionId, row.access_token_encrypted!))
          : undefined
        : row.refresh_token_encrypted
          ? () => deps.revoke(deps.config, openRefreshToken(connectionId, row.refresh_token_encrypted!))
          : undefined;
      if (revoke) {
        try {
          await revoke();
        } catch (error) {
          if (!isRetryable(error)) throw error;
          await tx.accountingConnection.update({
            where: { id: connectionId },
            // The legacy retry needs the access token: it is kept (sealed) until revoked.
            data: {
              status: "revoke_pending",
              statusReason: (error as AccountingError).$dataCode,
              ...(legacy ? {} : { accessTokenEncrypted: null, accessTokenExpiresAt: null }),
            },
          });
          return "pending";
        }
      }
      await tx.accountingConnection.delete({ where: { id: connectionId } });
      return "revoked";
    },
    { maxWait: 60_000, timeout: deps.config.timeoutMs + 20_000 },
  );
  forgetAccessToken(connectionId);
  if (outcome === "pending") await deps.scheduleRevokeRetry(connectionId);
  return outcome;
}

/** Revokes a refresh token that a new sign-in replaced; best effort (it expires within 31 days anyway). */
export async function revokeReplacedToken(
  refreshToken: string,
  deps: Pick<LifecycleDeps, "config" | "revoke">,
): Promise<boolean> {
  try {
    await deps.revoke(deps.config, refreshToken);
    return true;
  } catch (error) {
    log.warn(
      { dataCode: (error as AccountingError).$dataCode ?? "error" },
      "accounting: revoking a replaced refresh token failed",
    );
    return false;
  }
}
