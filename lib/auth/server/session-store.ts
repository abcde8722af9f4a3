import "server-only";
import { now, nowMs } from "@/lib/clock";
import { getDb, queryPrepared } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import { sessionCache } from "./session-cache";
// The database's enum (features/workspaces/schemas.ts `WorkspaceRoleName` is the same set): the session sits below the workspaces.
import type { WorkspaceRole } from "@/lib/db/generated/client";
import { log } from "@/lib/log/logger";

/** How long a sign-in lasts (the session row and the cookie). */
export const SESSION_MAX_AGE_S = 7 * 24 * 60 * 60;

export interface SessionUser {
  id: string;
  sessionId: string;
  /** Null for someone who signs in only by e-mail link: no accounting account, no businesses. */
  accountingUserId: string | null;
  /** The address the person proved to own by an e-mail sign-in link (lower-cased), or null. */
  verifiedEmail: string | null;
  displayName: string | null;
  email: string | null;
  /** The header switcher's choice; null means the lead business. */
  selectedBusinessId: string | null;
  /** The lead business as last read from the service. */
  leadBusinessId: string | null;
  /** Every business the person reaches, as last read from the service: the only ids a request may name. */
  businessIds: string[];
  connection: { id: string; status: "active" | "reauth_required" | "revoke_pending" } | null;
  /** The legacy v3 connection, when the person still has one (pages needing v3.1 offer the move). */
  legacyConnection: { id: string; status: "active" | "reauth_required" | "revoke_pending" } | null;
  /**
   * The workspace the person works in: the one chosen in the header while they are a member of
   * it, else their personal one; null only before their first sign-in made one. Read with the
   * session, so a removed member's next request already works elsewhere.
   */
  workspace: SessionWorkspace | null;
  /**
   * When the person last proved it is them in this session (the sign-in, a passkey, an e-mail
   * code): what matters asks again after 10 minutes (lib/auth/server/recent-confirmation.ts).
   */
  confirmedAt: Date;
  /** What proved it (`passkey`, `email_code`, or the sign-in's method): a workspace requiring passkeys counts only a passkey's. */
  confirmedBy: string;
  /** Whether the person has a passkey. */
  hasPasskey: boolean;
  /**
   * A workspace of theirs requires passkeys and they have none: until they add one, only adding it,
   * confirming and signing out go on (the route wrapper, server actions, streams; pages by app/layout).
   */
  mustAddPasskey: boolean;
}

export interface SessionWorkspace {
  id: string;
  name: string;
  personal: boolean;
  roles: WorkspaceRole[];
  /** The owner requires a passkey of every member (features/passkeys/server/requirement.ts). */
  requirePasskey: boolean;
}

interface SessionRow {
  user_id: string;
  expires_ms: number;
  last_seen_ms: number;
  confirmed_ms: number;
  confirmed_method: string;
  has_passkey: boolean;
  in_passkey_workspace: boolean;
  accounting_user_id: string | null;
  verified_email: string | null;
  display_name: string | null;
  email: string | null;
  selected_business_id: string | null;
  lead_business_id: string | null;
  business_ids: string[];
  connections: { id: string; status: ConnectionStatus; version: "v3.1" | "v3" }[];
  workspace: SessionWorkspace | null;
}

// Runs on every signed-in request, so it is one prepared statement rather than Prisma's four
// queries. Prisma stores DateTime as UTC `timestamp`; its epoch is taken as such.
const SESSION_USER = {
  name: "ledgerlane_session_user",
  text: `SELECT s.user_id, extract(epoch FROM s.expires_at)::float8 * 1000 AS expires_ms,
      extract(epoch FROM s.last_seen_at)::float8 * 1000 AS last_seen_ms,
      extract(epoch FROM s.confirmed_at)::float8 * 1000 AS confirmed_ms, s.confirmed_method,
      EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id) AS has_passkey,
      EXISTS (SELECT 1 FROM workspace_members g JOIN workspaces gw ON gw.id = g.workspace_id WHERE g.user_id = u.id AND gw.require_passkey) AS in_passkey_workspace,
      u.accounting_user_id, u.verified_email, u.display_name, u.email, u.selected_business_id,
      (SELECT b.business_id FROM accounting_businesses b WHERE b.user_id = u.id AND b.is_lead ORDER BY b.business_id LIMIT 1) AS lead_business_id,
      ARRAY(SELECT b.business_id FROM accounting_businesses b WHERE b.user_id = u.id ORDER BY b.business_id) AS business_ids,
      COALESCE((SELECT json_agg(json_build_object('id', c.id, 'status', c.status, 'version', c.version)) FROM accounting_connections c WHERE c.user_id = u.id), '[]') AS connections,
      (SELECT json_build_object('id', w.id, 'name', w.name, 'personal', w.personal_user_id IS NOT DISTINCT FROM u.id, 'roles', m.roles, 'requirePasskey', w.require_passkey)
        FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
        WHERE m.user_id = u.id
        ORDER BY m.workspace_id IS NOT DISTINCT FROM u.active_workspace_id DESC, w.personal_user_id IS NOT DISTINCT FROM u.id DESC, w.created_at, w.id
        LIMIT 1) AS workspace
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = $1::uuid AND s.user_id = $2::uuid`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How a session is read. `activity` (default true): the read is the person's own request and
 * counts against the idle timeout; an open event stream's checks pass false (a tab left open is
 * not a person at work).
 */
export interface SessionRead {
  activity?: boolean;
}

/** The signed-in person of a session row, or null when the row is gone, expired, idle too long or not theirs. */
export async function loadSessionUser(
  sessionId: string,
  userId: string,
  read: SessionRead = {},
): Promise<SessionUser | null> {
  return (await readSessionUser(sessionId, userId, read))?.value ?? null;
}

/**
 * The same, possibly as this process read it moments ago: for reads only (the proxy's GETs),
 * never before a change is made. See session-cache.ts for when entries are dropped.
 */
export function loadRecentSessionUser(
  sessionId: string,
  userId: string,
  read: SessionRead = {},
): Promise<SessionUser | null> {
  return sessionCache<SessionUser>().get(sessionId, userId, () => readSessionUser(sessionId, userId, read));
}

/** Hours without a request after which a session ends (SESSION_IDLE_TIMEOUT_HOURS, default 12), besides its 7 days. */
const idleTimeoutMs = () => serverEnv().SESSION_IDLE_TIMEOUT_HOURS * 3_600_000;

async function readSessionUser(
  sessionId: string,
  userId: string,
  read: SessionRead,
): Promise<{ value: SessionUser; expiresAt: number } | null> {
  if (!UUID.test(sessionId) || !UUID.test(userId)) return null;
  const [row] = await queryPrepared<SessionRow>(SESSION_USER, [sessionId, userId]);
  // On the app's clock (lib/clock), which tests move: the 7 days and the idle timeout alike.
  const at = nowMs();
  const idleUntil = row ? row.last_seen_ms + idleTimeoutMs() : 0;
  if (!row || row.expires_ms <= at || idleUntil <= at) return null;
  if (read.activity !== false && row.last_seen_ms < at - LAST_SEEN_EVERY_MS) markSeen(sessionId, at);
  return { value: sessionUserOf(sessionId, userId, row), expiresAt: Math.min(row.expires_ms, idleUntil) };
}

function sessionUserOf(sessionId: string, userId: string, row: SessionRow): SessionUser {
  return {
    id: userId,
    sessionId,
    accountingUserId: row.accounting_user_id,
    verifiedEmail: row.verified_email,
    displayName: row.display_name,
    email: row.email,
    selectedBusinessId: row.selected_business_id,
    leadBusinessId: row.lead_business_id,
    businessIds: row.business_ids,
    connection: pick(row.connections, "v3.1"),
    legacyConnection: pick(row.connections, "v3"),
    workspace: row.workspace,
    confirmedAt: new Date(row.confirmed_ms),
    confirmedBy: row.confirmed_method,
    hasPasskey: row.has_passkey,
    mustAddPasskey: row.in_passkey_workspace && !row.has_passkey,
  };
}

function pick(connections: SessionRow["connections"], version: "v3.1" | "v3") {
  const found = connections.find((connection) => connection.version === version);
  return found ? { id: found.id, status: found.status } : null;
}

type ConnectionStatus = "active" | "reauth_required" | "revoke_pending";

/**
 * "Last seen": the session's last activity, for the idle timeout and the sessions list of
 * /settings/security. Kept to 5 minutes: written at most that often per session, outside the
 * request. Not on every request: each write of `sessions` is a row version to vacuum and fires the
 * change notification that drops the person's cached sessions in every process and makes each of
 * their open streams re-check (session-cache.ts); 5 minutes is nothing against a 12-hour timeout
 * (SESSION_IDLE_TIMEOUT_HOURS is at least 1).
 */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

const pendingWrites = new Set<Promise<unknown>>();

function markSeen(sessionId: string, at: number): void {
  const write = getDb()
    .session.updateMany({
      where: { id: sessionId, lastSeenAt: { lt: new Date(at) } },
      data: { lastSeenAt: new Date(at) },
    })
    .catch((error: unknown) => log.warn({ error: (error as Error).name }, "auth: last seen not written"))
    .finally(() => pendingWrites.delete(write));
  pendingWrites.add(write);
}

/** Tests: resolves once the activity writes under way are done. */
export async function activityWritten(): Promise<void> {
  await Promise.all([...pendingWrites]);
}

/** How a session began, and the browser that began it (shown in the sessions list). */
export interface SessionOrigin {
  method: "accounting" | "email" | "passkey";
  userAgent?: string | null;
}

export async function createSession(userId: string, origin: SessionOrigin = { method: "accounting" }): Promise<string> {
  const session = await getDb().session.create({
    data: {
      userId,
      expiresAt: new Date(nowMs() + SESSION_MAX_AGE_S * 1000),
      // The sign-in is the first confirmation and the first activity, on the app's clock (which tests move ahead).
      confirmedAt: now(),
      confirmedMethod: origin.method,
      lastSeenAt: now(),
      method: origin.method,
      userAgent: origin.userAgent ? origin.userAgent.slice(0, 512) : null,
    },
    select: { id: true },
  });
  return session.id;
}

export async function deleteSession(sessionId: string): Promise<void> {
  await getDb().session.deleteMany({ where: { id: sessionId } });
  sessionCache().forgetKey(sessionId);
}
