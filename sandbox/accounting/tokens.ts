import { randomBytes } from "node:crypto";
import type { ClientVersion } from "./clients";
import type { ApiCountry, Scope } from "./model";

export const CODE_LIFETIME_MS = 60_000;
export const ACCESS_LIFETIME_S = 300;
export const LEGACY_ACCESS_LIFETIME_S = 3600;
export const REFRESH_LIFETIME_S = 2_678_400;

export type ChallengeMethod = "S256" | "plain";

export interface AuthorizationCode {
  value: string;
  version: ClientVersion;
  clientId: string;
  userId: string;
  redirectUri: string;
  scope: Scope;
  country: ApiCountry;
  challenge?: { value: string; method: ChallengeMethod };
  expiresAtMs: number;
  used: boolean;
  grantId: number;
}

/** What a token was issued for; shared by the access and refresh tokens of one issuance. */
export interface Grant {
  version: ClientVersion;
  clientId: string;
  userId: string;
  scope: Scope;
  country: ApiCountry;
  grantId: number;
}

export interface AccessToken extends Grant {
  value: string;
  expiresAtMs: number;
  revoked: boolean;
  /** The refresh token issued together with this access token. */
  refreshToken: string;
}

export interface RefreshToken extends Grant {
  value: string;
  /** null: never expires (legacy v3). */
  expiresAtMs: number | null;
  status: "active" | "rotated" | "revoked";
  accessToken: string;
}

export type TokenState = "live" | "expired" | "revoked" | "rotated";

export interface IssuedToken {
  kind: "access" | "refresh";
  value: string;
  client_id: string;
  user_id: string;
  version: ClientVersion;
}

function opaque(bytes: number): string {
  return randomBytes(bytes).toString("base64url");
}

/** Codes and tokens of both API versions, with the links RFC 6749 10.5 revocation needs. */
export class TokenStore {
  private codes = new Map<string, AuthorizationCode>();
  private access = new Map<string, AccessToken>();
  private refresh = new Map<string, RefreshToken>();
  private byGrant = new Map<number, { access: string[]; refresh: string[] }>();
  private issued: IssuedToken[] = [];
  private nextGrantId = 1;

  reset(): void {
    this.codes.clear();
    this.access.clear();
    this.refresh.clear();
    this.byGrant.clear();
    this.issued = [];
  }

  issueCode(
    fields: Omit<AuthorizationCode, "value" | "used" | "grantId" | "expiresAtMs">,
    nowMs: number,
  ): AuthorizationCode {
    const code: AuthorizationCode = {
      ...fields,
      value: fields.version === "v3" ? randomBytes(20).toString("hex") : opaque(32),
      used: false,
      grantId: this.nextGrantId++,
      expiresAtMs: nowMs + CODE_LIFETIME_MS,
    };
    this.codes.set(code.value, code);
    return code;
  }

  findCode(value: string): AuthorizationCode | undefined {
    return this.codes.get(value);
  }

  /** Issues an access token and a refresh token for a grant. */
  issueTokens(grant: Grant, nowMs: number): { access: AccessToken; refresh: RefreshToken } {
    const legacy = grant.version === "v3";
    // v3.1 tokens may be up to 2048 bytes; issuing long ones keeps clients honest about storage.
    const accessValue = legacy ? randomBytes(20).toString("hex") : opaque(864);
    const refreshValue = legacy ? randomBytes(32).toString("hex") : opaque(192);
    const access: AccessToken = {
      ...grant,
      value: accessValue,
      expiresAtMs: nowMs + (legacy ? LEGACY_ACCESS_LIFETIME_S : ACCESS_LIFETIME_S) * 1000,
      revoked: false,
      refreshToken: refreshValue,
    };
    const refresh: RefreshToken = {
      ...grant,
      value: refreshValue,
      expiresAtMs: legacy ? null : nowMs + REFRESH_LIFETIME_S * 1000,
      status: "active",
      accessToken: accessValue,
    };
    this.access.set(accessValue, access);
    this.refresh.set(refreshValue, refresh);
    const linked = this.byGrant.get(grant.grantId) ?? { access: [], refresh: [] };
    linked.access.push(accessValue);
    linked.refresh.push(refreshValue);
    this.byGrant.set(grant.grantId, linked);
    const meta = { client_id: grant.clientId, user_id: grant.userId, version: grant.version };
    this.issued.push(
      { kind: "access", value: accessValue, ...meta },
      { kind: "refresh", value: refreshValue, ...meta },
    );
    return { access, refresh };
  }

  findRefresh(value: string): RefreshToken | undefined {
    return this.refresh.get(value);
  }

  findAccess(value: string): AccessToken | undefined {
    return this.access.get(value);
  }

  /** An access token that is neither expired nor revoked, else undefined. */
  liveAccess(value: string, nowMs: number): AccessToken | undefined {
    const token = this.access.get(value);
    if (!token || token.revoked || token.expiresAtMs <= nowMs) return undefined;
    return token;
  }

  isRefreshLive(token: RefreshToken, nowMs: number): boolean {
    return token.status === "active" && (token.expiresAtMs === null || token.expiresAtMs > nowMs);
  }

  /** RFC 6749 10.5: everything issued on the strength of one authorization code. */
  revokeGrant(grantId: number): void {
    const linked = this.byGrant.get(grantId);
    if (!linked) return;
    for (const value of linked.access) {
      const token = this.access.get(value);
      if (token) token.revoked = true;
    }
    for (const value of linked.refresh) {
      const token = this.refresh.get(value);
      if (token) token.status = "revoked";
    }
  }

  /** Every token issued since the last reset, with its current state. */
  list(nowMs: number): Array<IssuedToken & { state: TokenState; expires_at: string | null }> {
    return this.issued.map((entry) => {
      if (entry.kind === "access") {
        const token = this.access.get(entry.value);
        const expiresAt = token?.expiresAtMs ?? 0;
        const state: TokenState = !token || token.revoked ? "revoked" : expiresAt <= nowMs ? "expired" : "live";
        return { ...entry, state, expires_at: new Date(expiresAt).toISOString() };
      }
      const token = this.refresh.get(entry.value);
      const expiresAt = token?.expiresAtMs ?? null;
      let state: TokenState = "live";
      if (!token || token.status === "revoked") state = "revoked";
      else if (token.status === "rotated") state = "rotated";
      else if (!this.isRefreshLive(token, nowMs)) state = "expired";
      return { ...entry, state, expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString() };
    });
  }
}
