import "server-only";
import { nowMs } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { grants } from "@/features/workspaces/server/access";
import type { AccountingHealth, HealthAnswer, PayrollHealth } from "../schemas";

/**
 * The connections' health on the overview, from Postgres only: per payroll connection of the
 * workspace (every member reads it) its key and last contact (`payroll_connection_health`, kept by
 * features/payroll/connection/server/contact-health.ts), and per accounting connection of the person
 * whether it is valid, due for renewal or broken, and what mends it.
 */

/** A refresh token expiring within this is due for renewal (signing in again gives a new one). */
export const RENEWAL_DUE_MS = 7 * 24 * 60 * 60_000;
const MEND_HREF = "/settings/connection";

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

export async function payrollHealth(userId: string, workspaceId: string): Promise<PayrollHealth[]> {
  const rows = await getDb().payrollConnection.findMany({
    where: { workspaceId, workspace: grants(userId, "workspace.read") },
    select: {
      id: true,
      username: true,
      baseUrl: true,
      apiKeyEncrypted: true,
      contactHealth: true,
      _count: { select: { companies: true } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({
    connectionId: row.id,
    name: row.username,
    baseUrl: row.baseUrl,
    connected: row.apiKeyEncrypted !== null,
    keyAccepted: row.contactHealth?.keyAccepted ?? null,
    lastSuccessAt: iso(row.contactHealth?.lastSuccessAt),
    lastErrorAt: iso(row.contactHealth?.lastErrorAt),
    lastError: row.contactHealth?.lastError ?? null,
    companies: row._count.companies,
  }));
}

type AccountingRow = {
  version: "v3_1" | "v3";
  status: "active" | "reauth_required" | "revoke_pending";
  statusReason: string | null;
  refreshTokenExpiresAt: Date | null;
  lastRenewedAt: Date | null;
};

/** How an accounting connection stands and what mends it (pure: the page's words come from these codes). */
export function accountingState(row: AccountingRow, at: number): AccountingHealth {
  const base = {
    version: row.version === "v3_1" ? ("v3.1" as const) : ("v3" as const),
    refreshTokenExpiresAt: iso(row.refreshTokenExpiresAt),
    lastRenewedAt: iso(row.lastRenewedAt),
  };
  if (row.status === "revoke_pending")
    return {
      ...base,
      state: "broken",
      reason: row.statusReason ?? "revoke_pending",
      action: "wait_for_revocation",
      actionHref: null,
    };
  if (row.status === "reauth_required")
    return {
      ...base,
      state: "broken",
      reason: row.statusReason ?? "reauth_required",
      action: "sign_in_again",
      actionHref: MEND_HREF,
    };
  const expires = row.refreshTokenExpiresAt?.getTime();
  if (expires !== undefined && expires <= at)
    return {
      ...base,
      state: "broken",
      reason: "refresh_token_expired",
      action: "sign_in_again",
      actionHref: MEND_HREF,
    };
  if (expires !== undefined && expires - at <= RENEWAL_DUE_MS)
    return {
      ...base,
      state: "renewal_due",
      reason: "refresh_token_expires_soon",
      action: "sign_in_again",
      actionHref: MEND_HREF,
    };
  return { ...base, state: "valid", reason: null, action: null, actionHref: null };
}

export async function accountingHealth(userId: string): Promise<AccountingHealth[]> {
  const rows = await getDb().accountingConnection.findMany({
    where: { userId },
    select: { version: true, status: true, statusReason: true, refreshTokenExpiresAt: true, lastRenewedAt: true },
    orderBy: { version: "asc" },
  });
  const at = nowMs();
  return rows.map((row) => accountingState(row, at));
}

export async function connectionsHealth(userId: string, workspaceId: string): Promise<HealthAnswer> {
  const [payroll, accounting] = await Promise.all([payrollHealth(userId, workspaceId), accountingHealth(userId)]);
  return { payroll, accounting };
}
