import "server-only";
import { getDb } from "@/lib/db/client";

export interface ConnectionSummary {
  status: "active" | "reauth_required" | "revoke_pending";
  scopes: string;
  country: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  lastRenewedAt: Date | null;
  statusReason: string | null;
}

/** What the connection page shows; no token. */
export async function connectionSummary(userId: string): Promise<ConnectionSummary | null> {
  return getDb().accountingConnection.findUnique({
    where: { userId_version: { userId, version: "v3_1" } },
    select: {
      status: true,
      scopes: true,
      country: true,
      accessTokenExpiresAt: true,
      refreshTokenExpiresAt: true,
      lastRenewedAt: true,
      statusReason: true,
    },
  });
}

export interface LegacyConnectionSummary extends ConnectionSummary {
  resourceOwnerId: string | null;
}

/** The legacy v3 connection, when there is one; no token. */
export async function legacyConnectionSummary(userId: string): Promise<LegacyConnectionSummary | null> {
  return getDb().accountingConnection.findUnique({
    where: { userId_version: { userId, version: "v3" } },
    select: {
      status: true,
      scopes: true,
      country: true,
      resourceOwnerId: true,
      accessTokenExpiresAt: true,
      refreshTokenExpiresAt: true,
      lastRenewedAt: true,
      statusReason: true,
    },
  });
}
