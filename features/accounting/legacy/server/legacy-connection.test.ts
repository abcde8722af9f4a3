import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { testDb } from "@/scripts/test/db";
import { startTestSandbox, walkAuthorization, type TestSandbox } from "@/sandbox/test-support";
import { defaultRenewalDeps, getAccessToken, renewAccessToken } from "../../connection/server/access-token";
import {
  defaultLifecycleDeps,
  disconnectUser,
  revokeConnection,
  storeSignInTokens,
} from "../../connection/server/lifecycle";
import { InvalidGrantError } from "../../errors";
import { tokenResponseSchema } from "../../schemas";
import { TEST_CLIENT } from "../../testing/test-env";
import { legacyConfig, requireLegacyConfig } from "../../oauth/server/legacy-config";
import { requestLegacyCodeExchange } from "../../oauth/server/legacy-token-endpoint";

const APP_URL = "http://localhost:3998";
const V3_CLIENT = {
  client_id: "ledgerlane-test-v3",
  client_secret: "ledgerlane-test-v3-secret",
  name: "Ledgerlane legacy (tests)",
  redirect_uris: [`${APP_URL}/api/auth/callback/accounting-v3`],
  version: "v3" as const,
};
const PEOPLE = {
  alice: { email: "alice.hartley@example.co.uk", password: "sandbox-alice", country: "gb" },
  ben: { email: "ben.carter@example.com", password: "sandbox-ben", country: "us" },
  claudia: { email: "claudia.mueller@example.de", password: "sandbox-claudia", country: "de" },
};

type Regions = { na: number; eu: number; gb: number };
let sandbox: TestSandbox;
const db = testDb();
const userIds: string[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox({
    seedClients: [{ ...TEST_CLIENT, redirect_uris: [`${APP_URL}/api/auth/callback/accounting`] }, V3_CLIENT],
  });
  const legacy = sandbox.urls.legacy;
  Object.assign(process.env, {
    DATABASE_URL: inject("databaseUrl"),
    NEXTAUTH_URL: APP_URL,
    ACCOUNTING_AUTH_URL: sandbox.urls.accounting.auth_url,
    ACCOUNTING_TOKEN_URL: sandbox.urls.accounting.token_url,
    ACCOUNTING_REVOKE_URL: sandbox.urls.accounting.revoke_url,
    ACCOUNTING_BASE_URL: sandbox.urls.accounting.base_url,
    ACCOUNTING_CLIENT_ID: TEST_CLIENT.client_id,
    ACCOUNTING_CLIENT_SECRET: TEST_CLIENT.client_secret,
    PAYROLL_BASE_URL: sandbox.urls.payroll.base_url,
    LEGACY_AUTH_URL: legacy.auth_url,
    LEGACY_OAUTH_NA_URL: legacy.oauth_na_url,
    LEGACY_OAUTH_EU_URL: legacy.oauth_eu_url,
    LEGACY_OAUTH_GB_URL: legacy.oauth_gb_url,
    LEGACY_CLIENT_ID: V3_CLIENT.client_id,
    LEGACY_CLIENT_SECRET: V3_CLIENT.client_secret,
  });
});
beforeEach(async () => {
  await sandbox.control("POST", "/reset");
});
afterEach(async () => {
  if (userIds.length) await db.user.deleteMany({ where: { id: { in: userIds.splice(0) } } });
});
afterAll(async () => {
  await sandbox.close();
  await db.$disconnect();
});

const stats = async () =>
  (await sandbox.control<{ legacy_token: Regions; legacy_revoke: Regions }>("GET", "/stats")).body;
const tokenStates = async () =>
  (await sandbox.control<{ kind: string; state: string; value: string; version: string }[]>("GET", "/tokens")).body;

/** Through the legacy pages to the callback's code and country, as the browser would. */
async function legacyCallback(person: (typeof PEOPLE)[keyof typeof PEOPLE]) {
  const callback = await walkAuthorization(
    requireLegacyConfig().authUrl,
    {
      client_id: V3_CLIENT.client_id,
      redirect_uri: V3_CLIENT.redirect_uris[0]!,
      response_type: "code",
      scopes: "full_access",
      state: "s",
      country: person.country,
    },
    person,
  );
  return { code: callback.searchParams.get("code") ?? "", country: callback.searchParams.get("country") ?? "" };
}

async function legacyConnection(person: (typeof PEOPLE)[keyof typeof PEOPLE]) {
  const { code, country } = await legacyCallback(person);
  const tokens = await requestLegacyCodeExchange(requireLegacyConfig(), country, code);
  const user = await db.user.create({ data: { accountingUserId: `v3:${tokens.resource_owner_id}:${randomUUID()}` } });
  userIds.push(user.id);
  const { connectionId } = await storeSignInTokens(db, {
    userId: user.id,
    tokens: tokenResponseSchema.parse(tokens),
    country,
    version: "v3",
    resourceOwnerId: tokens.resource_owner_id,
  });
  return { userId: user.id, connectionId, tokens, country };
}

const expire = (connectionId: string) =>
  db.accountingConnection.update({
    where: { id: connectionId },
    data: { accessTokenExpiresAt: new Date(Date.now() - 1000) },
  });

describe("legacy v3 connections", () => {
  it("is configured from the LEGACY_* variables", () => {
    expect(legacyConfig()?.redirectUri).toBe(`${APP_URL}/api/auth/callback/accounting-v3`);
  });

  it("exchanges each code at its country's host (the callback's country is lower case) and nowhere else", async () => {
    for (const [person, region] of [
      [PEOPLE.alice, "gb"],
      [PEOPLE.ben, "na"],
      [PEOPLE.claudia, "eu"],
    ] as const) {
      const before = await stats();
      const { country, tokens } = await legacyConnection(person);
      expect(country).toBe(person.country);
      expect(tokens.expires_in).toBe(3600);
      expect(tokens.access_token).toMatch(/^[0-9a-f]{40}$/);
      const after = await stats();
      for (const other of ["na", "eu", "gb"] as const)
        expect(after.legacy_token[other] - before.legacy_token[other]).toBe(other === region ? 1 : 0);
    }
  });

  it("a code sent to another country's host is refused", async () => {
    const { code } = await legacyCallback(PEOPLE.alice);
    await expect(requestLegacyCodeExchange(requireLegacyConfig(), "us", code)).rejects.toBeInstanceOf(
      InvalidGrantError,
    );
  });

  it("stores country, resource owner, sealed tokens and no refresh-token expiry", async () => {
    const { connectionId, tokens } = await legacyConnection(PEOPLE.alice);
    const row = await db.accountingConnection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(row).toMatchObject({
      version: "v3",
      country: "GB",
      resourceOwnerId: tokens.resource_owner_id,
      refreshTokenExpiresAt: null,
      status: "active",
    });
    expect(row.refreshTokenEncrypted).not.toContain(tokens.refresh_token);
    expect(row.accessTokenEncrypted).not.toContain(tokens.access_token);
    expect(row.accessTokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(3500_000);
  });

  it("renews at the connection's country with the rotating refresh token; concurrent requests make one renewal", async () => {
    const { connectionId, tokens } = await legacyConnection(PEOPLE.ben);
    await sandbox.control("POST", "/clock", { advance_seconds: 3601 });
    await expire(connectionId);
    const before = await stats();
    const renewed = await Promise.all(
      Array.from({ length: 10 }, () => renewAccessToken(connectionId, { stale: tokens.access_token })),
    );
    expect(new Set(renewed).size).toBe(1);
    expect(renewed[0]).not.toBe(tokens.access_token);
    const after = await stats();
    expect(after.legacy_token.na - before.legacy_token.na).toBe(1);
    expect(after.legacy_token.gb + after.legacy_token.eu).toBe(0);
    const states = await tokenStates();
    expect(states.find((token) => token.value === tokens.refresh_token)?.state).toBe("rotated");
    expect(await getAccessToken(connectionId)).toBe(renewed[0]);
    const row = await db.accountingConnection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(row.refreshTokenExpiresAt).toBeNull();
  });

  it("a refused refresh token asks for a new sign-in", async () => {
    const { connectionId } = await legacyConnection(PEOPLE.alice);
    const deps = {
      ...defaultRenewalDeps(),
      renew: async () =>
        Promise.reject(new InvalidGrantError(400, [{ dataCode: "invalid_grant", message: "", source: "" }])),
    };
    await expect(renewAccessToken(connectionId, { force: true }, deps)).rejects.toThrow();
    expect((await db.accountingConnection.findUniqueOrThrow({ where: { id: connectionId } })).status).toBe(
      "reauth_required",
    );
  });

  it("disconnect revokes the access token at the country's host (empty 204) and deletes the connection", async () => {
    const { userId, tokens } = await legacyConnection(PEOPLE.alice);
    const outcome = await disconnectUser(
      userId,
      defaultLifecycleDeps(async () => {}),
      "v3",
    );
    expect(outcome).toBe("revoked");
    expect((await stats()).legacy_revoke).toEqual({ na: 0, eu: 0, gb: 1 });
    const states = await tokenStates();
    expect(states.filter((token) => token.version === "v3" && token.state === "live")).toEqual([]);
    expect(states.find((token) => token.value === tokens.refresh_token)?.state).toBe("revoked");
    expect(await db.accountingConnection.count({ where: { userId } })).toBe(0);
  });

  it("keeps the access token when the revoke endpoint fails, and the retry revokes it", async () => {
    const { userId, connectionId } = await legacyConnection(PEOPLE.claudia);
    await sandbox.control("POST", "/faults", {
      rules: [{ path: "/legacy/eu/revoke", kind: "error", status: 503, times: 1 }],
    });
    const scheduled: string[] = [];
    const deps = defaultLifecycleDeps(async (id) => void scheduled.push(id));
    expect(await disconnectUser(userId, deps, "v3")).toBe("pending");
    expect(scheduled).toEqual([connectionId]);
    const row = await db.accountingConnection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(row.status).toBe("revoke_pending");
    expect(row.accessTokenEncrypted).not.toBeNull();
    expect(await revokeConnection(connectionId, deps)).toBe("revoked");
    expect((await tokenStates()).filter((token) => token.version === "v3" && token.state === "live")).toEqual([]);
  });
});
