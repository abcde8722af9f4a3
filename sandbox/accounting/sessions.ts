import { randomBytes } from "node:crypto";
import type { ClientVersion } from "./clients";
import type { ApiCountry, Scope } from "./model";
import type { ChallengeMethod } from "./tokens";

const SESSION_LIFETIME_MS = 15 * 60_000;

/** The state of one person's trip through the authorization pages, kept server-side. */
export interface AuthorizationSession {
  id: string;
  version: ClientVersion;
  clientId: string;
  redirectUri: string;
  scope: Scope;
  state: string | undefined;
  country: ApiCountry;
  challenge?: { value: string; method: ChallengeMethod };
  userId?: string;
  expiresAtMs: number;
}

export class AuthorizationSessions {
  private sessions = new Map<string, AuthorizationSession>();

  create(fields: Omit<AuthorizationSession, "id" | "expiresAtMs">, nowMs: number): AuthorizationSession {
    const session: AuthorizationSession = {
      ...fields,
      id: randomBytes(18).toString("base64url"),
      expiresAtMs: nowMs + SESSION_LIFETIME_MS,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  find(id: string | null | undefined, nowMs: number): AuthorizationSession | undefined {
    if (!id) return undefined;
    const session = this.sessions.get(id);
    if (!session) return undefined;
    if (session.expiresAtMs <= nowMs) {
      this.sessions.delete(id);
      return undefined;
    }
    return session;
  }

  end(id: string): void {
    this.sessions.delete(id);
  }

  reset(): void {
    this.sessions.clear();
  }
}
