import "server-only";
import { getDb } from "@/lib/db/client";

/** How long a sign-in lasts (the session row and the cookie). */
export const SESSION_MAX_AGE_S = 7 * 24 * 60 * 60;

export interface SessionUser {
  id: string;
  sessionId: string;
  accountingUserId: string;
  displayName: string | null;
  email: string | null;
  /** The header switcher's choice; null means the lead business. */
  selectedBusinessId: string | null;
  /** The lead business as last read from the service. */
  leadBusinessId: string | null;
  connection: { id: string; status: "active" | "reauth_required" | "revoke_pending" } | null;
  /** The legacy v3 connection, when the person still has one (pages needing v3.1 offer the move). */
  legacyConnection: { id: string; status: "active" | "reauth_required" | "revoke_pending" } | null;
}

/** The signed-in person of a session row, or null when the row is gone, expired or not theirs. */
export async function loadSessionUser(sessionId: string, userId: string): Promise<SessionUser | null> {
  const session = await getDb().session.findUnique({
    where: { id: sessionId },
    select: {
      userId: true,
      expiresAt: true,
      user: {
        select: {
          accountingUserId: true,
          displayName: true,
          email: true,
          selectedBusinessId: true,
          accountingConnections: { select: { id: true, status: true, version: true } },
          accountingBusinesses: { where: { isLead: true }, select: { businessId: true }, take: 1 },
        },
      },
    },
  });
  if (!session || session.userId !== userId || session.expiresAt.getTime() <= Date.now()) return null;
  const { user } = session;
  return {
    id: userId,
    sessionId,
    accountingUserId: user.accountingUserId,
    displayName: user.displayName,
    email: user.email,
    selectedBusinessId: user.selectedBusinessId,
    leadBusinessId: user.accountingBusinesses[0]?.businessId ?? null,
    connection: pick(user.accountingConnections, "v3_1"),
    legacyConnection: pick(user.accountingConnections, "v3"),
  };
}

function pick(connections: { id: string; status: ConnectionStatus; version: "v3_1" | "v3" }[], version: "v3_1" | "v3") {
  const found = connections.find((connection) => connection.version === version);
  return found ? { id: found.id, status: found.status } : null;
}

type ConnectionStatus = "active" | "reauth_required" | "revoke_pending";

export async function createSession(userId: string): Promise<string> {
  const session = await getDb().session.create({
    data: { userId, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000) },
    select: { id: true },
  });
  return session.id;
}

export async function deleteSession(sessionId: string): Promise<void> {
  await getDb().session.deleteMany({ where: { id: sessionId } });
}
