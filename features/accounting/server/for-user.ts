import "server-only";
import type { SessionUser } from "@/lib/auth/server/session-store";
import { AccountingClient } from "./accounting-service";
import { accountingConfig } from "../oauth/server/config";
import { getAccessToken, renewAccessToken } from "../connection/server/access-token";
import { NeedsV31Error, NotConnectedError, ReauthRequiredError } from "../errors";

/** The accounting client acting for the signed-in person through their connection. */
export function accountingClientFor(user: SessionUser): AccountingClient {
  const connection = user.connection;
  if (!connection) throw user.legacyConnection ? new NeedsV31Error() : new NotConnectedError();
  if (connection.status === "reauth_required") throw new ReauthRequiredError();
  if (connection.status !== "active") throw new NotConnectedError();
  const config = accountingConfig();
  return new AccountingClient({
    baseUrl: config.baseUrl,
    credential: connection.id,
    timeoutMs: config.timeoutMs,
    tokens: {
      get: () => getAccessToken(connection.id),
      renew: (stale) => renewAccessToken(connection.id, { stale }),
    },
  });
}

/**
 * The accounting client for a call with a token the service has only just issued, before it is
 * stored (a sign-in's or a link's callback): the service's budget of that user, and no renewal, as
 * nothing stored could renew it (`during` says what was under way should one be asked for).
 */
export function accountingClientWithNewToken(
  accessToken: string,
  accountingUserId: string,
  during: string,
): AccountingClient {
  const config = accountingConfig();
  return new AccountingClient({
    baseUrl: config.baseUrl,
    credential: `user:${accountingUserId}`,
    timeoutMs: config.timeoutMs,
    tokens: {
      get: async () => accessToken,
      renew: async () => Promise.reject(new Error(`no renewal while ${during}`)),
    },
  });
}
