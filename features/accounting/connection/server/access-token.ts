import "server-only";
import { getDb } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { AccountingConfig } from "../../oauth/server/config";
import { accountingConfig } from "../../oauth/server/config";
import { InvalidGrantError, NotConnectedError, ReauthRequiredError } from "../../errors";
import type { TokenResponse } from "../../schemas";
import { openAccessToken, openRefreshToken, tokenColumns } from "./sealed-tokens";
import { requestTokenRenewal } from "../../oauth/server/token-endpoint";
import { connectionEnded } from "./connection-ended";
import { requireLegacyConfig } from "../../oauth/server/legacy-config";
import { requestLegacyRenewal } from "../../oauth/server/legacy-token-endpoint";

/** A token expiring within this margin is renewed before use. */
export const EARLY_RENEWAL_MS = 30_000;

/** Which flow a connection uses, and for legacy v3 the country whose token host knows its tokens. */
export interface ConnectionRoute {
  version: "v3_1" | "v3";
  country: string | null;
  /** The connection renewed: whose request budget the renewal draws on. */
  connectionId?: string;
}

export interface RenewalDeps {
  db: PrismaClient;
  config: AccountingConfig;
  now: () => Date;
  renew: (
    config: AccountingConfig,
    refreshToken: string,
    route: ConnectionRoute,
  ) => Promise<TokenResponse & { resource_owner_id?: string }>;
  /** Test seam: runs after the token endpoint answered and before the new tokens are committed. */
  beforeCommit?: () => Promise<void> | void;
}

export function defaultRenewalDeps(): RenewalDeps {
  return { db: getDb(), config: accountingConfig(), now: () => new Date(), renew: renewAtRoute };
}

/** v3.1 renews at its one token endpoint; legacy v3 at the token host of the connection's country. */
export function renewAtRoute(config: AccountingConfig, refreshToken: string, route: ConnectionRoute) {
  if (route.version === "v3")
    return requestLegacyRenewal(requireLegacyConfig(), route.country ?? "", refreshToken, route.connectionId);
  return requestTokenRenewal(config, refreshToken, route.connectionId);
}

interface CachedToken {
  token: string;
  expiresAtMs: number;
}

// Per process: the access token of each connection until it (nearly) expires,
// and the renewal in flight, so concurrent requests of one process wait for one.
const holder = globalThis as { __accessTokens?: Map<string, CachedToken>; __renewals?: Map<string, Promise<string>> };
const cache = (holder.__accessTokens ??= new Map());
const inflight = (holder.__renewals ??= new Map());

function usable(entry: CachedToken | undefined, now: Date, stale?: string): entry is CachedToken {
  return entry !== undefined && entry.expiresAtMs - EARLY_RENEWAL_MS > now.getTime() && entry.token !== stale;
}

export function forgetAccessToken(connectionId: string): void {
  cache.delete(connectionId);
}

/** A valid access token of the connection: cached, stored, or renewed. */
export async function getAccessToken(connectionId: string, deps: RenewalDeps = defaultRenewalDeps()): Promise<string> {
  const cached = cache.get(connectionId);
  if (usable(cached, deps.now())) return cached.token;
  const row = await deps.db.accountingConnection.findUnique({
    where: { id: connectionId },
    select: { status: true, accessTokenEncrypted: true, accessTokenExpiresAt: true },
  });
  if (!row) throw new NotConnectedError();
  if (row.status === "reauth_required") throw new ReauthRequiredError();
  if (row.status !== "active") throw new NotConnectedError();
  if (row.accessTokenEncrypted && row.accessTokenExpiresAt) {
    const stored = {
      token: openAccessToken(connectionId, row.accessTokenEncrypted),
      expiresAtMs: row.accessTokenExpiresAt.getTime(),
    };
    if (usable(stored, deps.now())) {
      cache.set(connectionId, stored);
      return stored.token;
    }
  }
  return renewAccessToken(connectionId, {}, deps);
}

/**
 * Renews the connection's tokens, one renewal at a time across every process
 * sharing the database: the row is locked (SELECT … FOR UPDATE) for the whole
 * exchange, and a waiter that gets the lock after another renewal uses the
 * token that renewal stored. `stale` is a token the service refused (401):
 * it is never handed out again. `force` renews even a fresh token (keep-alive).
 */
export function renewAccessToken(
  connectionId: string,
  options: { stale?: string; force?: boolean } = {},
  deps: RenewalDeps = defaultRenewalDeps(),
): Promise<string> {
  const key = `${connectionId}:${options.force ? "force" : (options.stale ?? "")}`;
  let running = inflight.get(key);
  if (!running) {
    running = renewLocked(connectionId, options, deps).finally(() => inflight.delete(key));
    inflight.set(key, running);
  }
  return running;
}

interface LockedRow {
  status: string;
  version: "v3.1" | "v3";
  country: string | null;
  refresh_token_encrypted: string | null;
  access_token_encrypted: string | null;
  access_token_expires_at: Date | null;
}

type Outcome = { token: string; expiresAtMs: number } | { failure: "reauth_required" | "not_connected" };

async function renewLocked(
  connectionId: string,
  options: { stale?: string; force?: boolean },
  deps: RenewalDeps,
): Promise<string> {
  const outcome = await deps.db.$transaction(
    async (tx): Promise<Outcome> => {
      const [row] = await tx.$queryRaw<LockedRow[]>`
        SELECT status::text AS status, version::text AS version, country, refresh_token_encrypted, access_token_encrypted, access_token_expires_at
        FROM accounting_connections WHERE id = ${connectionId}::uuid FOR UPDATE`;
      if (!row) return { failure: "not_connected" };
      if (row.status === "reauth_required") return { failure: "reauth_required" };
      if (row.status !== "active" || !row.refresh_token_encrypted) return { failure: "not_connected" };
      if (!options.force && row.access_token_encrypted && row.access_token_expires_at) {
        const current = {
          token: openAccessToken(connectionId, row.access_token_encrypted),
          expiresAtMs: row.access_token_expires_at.getTime(),
        };
        if (usable(current, deps.now(), options.stale)) return current;
      }
      let tokens: TokenResponse & { resource_owner_id?: string };
      const route: ConnectionRoute = {
        version: row.version === "v3" ? "v3" : "v3_1",
        country: row.country,
        connectionId,
      };
      try {
        tokens = await deps.renew(deps.config, openRefreshToken(connectionId, row.refresh_token_encrypted), route);
      } catch (error) {
        if (!(error instanceof InvalidGrantError)) throw error;
        const ended = await tx.accountingConnection.update({
          where: { id: connectionId },
          data: {
            status: "reauth_required",
            statusReason: "invalid_grant",
            accessTokenEncrypted: null,
            accessTokenExpiresAt: null,
            refreshTokenEncrypted: null,
          },
          select: { userId: true },
        });
        await connectionEnded(tx, connectionId, ended.userId, deps.now());
        return { failure: "reauth_required" };
      }
      await deps.beforeCommit?.();
      const now = deps.now();
      const columns = tokenColumns(connectionId, tokens, now);
      const resourceOwner =
        route.version === "v3" && tokens.resource_owner_id ? { resourceOwnerId: tokens.resource_owner_id } : {};
      await tx.accountingConnection.update({
        where: { id: connectionId },
        data: { ...columns, ...resourceOwner, statusReason: null },
      });
      return { token: tokens.access_token, expiresAtMs: columns.accessTokenExpiresAt.getTime() };
    },
    { maxWait: 60_000, timeout: deps.config.timeoutMs + 20_000 },
  );
  if ("failure" in outcome) {
    forgetAccessToken(connectionId);
    throw outcome.failure === "reauth_required" ? new ReauthRequiredError() : new NotConnectedError();
  }
  cache.set(connectionId, outcome);
  return outcome.token;
}
