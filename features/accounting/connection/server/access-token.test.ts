import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect } from "vitest";
import { accountingConfig } from "../../oauth/server/config";
import { NotConnectedError, ReauthRequiredError } from "../../errors";
import { grantTokens } from "../../testing/sandbox-grant";
import { freshTest } from "../../testing/fixtures";
import { expireStoredAccessToken, seedConnection } from "../../testing/seed-connection";
import { ALICE, grantClientFor } from "../../testing/test-env";
import {
  defaultRenewalDeps,
  forgetAccessToken,
  getAccessToken,
  renewAccessToken,
  type RenewalDeps,
} from "./access-token";
import { requestTokenRenewal } from "../../oauth/server/token-endpoint";

// The file's helpers, bound to its sandbox and database.
const it = freshTest
  .extend(
    "stats",
    { scope: "file" },
    async ({ sandbox }) =>
      async () =>
        (await sandbox.control<{ token: { authorization_code: number; refresh_token: number } }>("GET", "/stats")).body,
  )
  .extend("connected", { scope: "file" }, async ({ sandbox, db }) => async () => {
    const tokens = await grantTokens(grantClientFor(sandbox), ALICE);
    const ids = await seedConnection(db, tokens);
    forgetAccessToken(ids.connectionId);
    return { ...ids, tokens };
  })
  .extend("deps", { scope: "file" }, async ({ db }) => (overrides: Partial<RenewalDeps> = {}): RenewalDeps => ({
    ...defaultRenewalDeps(),
    db,
    ...overrides,
  }));

describe("access tokens of a connection", () => {
  it("uses the stored access token while it is valid, without renewing", async ({ stats, connected, deps }) => {
    const { connectionId, tokens } = await connected();
    expect(await getAccessToken(connectionId, deps())).toBe(tokens.access_token);
    expect((await stats()).token.refresh_token).toBe(0);
  });

  it("renews an expired token once for 50 concurrent callers and commits the new refresh token first", async ({
    db,
    stats,
    connected,
    deps,
  }) => {
    const { connectionId, tokens } = await connected();
    await expireStoredAccessToken(db, connectionId);
    const results = await Promise.all(Array.from({ length: 50 }, () => getAccessToken(connectionId, deps())));
    expect(new Set(results).size).toBe(1);
    expect(results[0]).not.toBe(tokens.access_token);
    expect((await stats()).token.refresh_token).toBe(1);
    const row = await db.accountingConnection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(row.lastRenewedAt).not.toBeNull();
    expect(row.refreshTokenEncrypted).not.toContain(String(tokens.refresh_token));
  });

  it("renews a token that expires within 30 seconds", async ({ db, stats, connected, deps }) => {
    const { connectionId, tokens } = await connected();
    await db.accountingConnection.update({
      where: { id: connectionId },
      data: { accessTokenExpiresAt: new Date(Date.now() + 20_000) },
    });
    expect(await getAccessToken(connectionId, deps())).not.toBe(tokens.access_token);
    expect((await stats()).token.refresh_token).toBe(1);
  });

  it("after a 401, renews once and hands the refused token out never again", async ({ stats, connected, deps }) => {
    const { connectionId, tokens } = await connected();
    const stale = String(tokens.access_token);
    const [first, second] = await Promise.all([
      renewAccessToken(connectionId, { stale }, deps()),
      renewAccessToken(connectionId, { stale }, deps()),
    ]);
    expect(first).toBe(second);
    expect(first).not.toBe(stale);
    expect((await stats()).token.refresh_token).toBe(1);
  });

  it("marks the connection 'sign in again' on invalid_grant and does not ask the service again", async ({
    db,
    stats,
    connected,
    deps,
  }) => {
    const { connectionId, tokens } = await connected();
    // Someone else used the refresh token: it is rotated away at the service.
    await requestTokenRenewal(accountingConfig(), String(tokens.refresh_token));
    await expireStoredAccessToken(db, connectionId);
    await expect(getAccessToken(connectionId, deps())).rejects.toBeInstanceOf(ReauthRequiredError);
    await expect(getAccessToken(connectionId, deps())).rejects.toBeInstanceOf(ReauthRequiredError);
    const row = await db.accountingConnection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(row.status).toBe("reauth_required");
    expect(row.refreshTokenEncrypted).toBeNull();
    expect((await stats()).token.refresh_token).toBe(2);
  });

  it("a crash between the token response and the commit leaves 'sign in again', never a loop", async ({
    db,
    stats,
    connected,
    deps,
  }) => {
    const { connectionId } = await connected();
    await expireStoredAccessToken(db, connectionId);
    const crash = new Error("process died before commit");
    await expect(getAccessToken(connectionId, deps({ beforeCommit: () => Promise.reject(crash) }))).rejects.toBe(crash);
    // The service rotated the refresh token; the database still holds the old one.
    await expect(getAccessToken(connectionId, deps())).rejects.toBeInstanceOf(ReauthRequiredError);
    for (let i = 0; i < 5; i += 1)
      await expect(getAccessToken(connectionId, deps())).rejects.toBeInstanceOf(ReauthRequiredError);
    expect((await stats()).token.refresh_token).toBe(2);
  });

  it("refuses a connection that does not exist", async ({ deps }) => {
    await expect(getAccessToken("00000000-0000-4000-8000-000000000000", deps())).rejects.toBeInstanceOf(
      NotConnectedError,
    );
  });

  it("two processes renewing one connection at once make exactly one renewal", async ({ db, stats, connected }) => {
    const { connectionId, tokens } = await connected();
    await expireStoredAccessToken(db, connectionId);
    const root = path.resolve(import.meta.dirname, "../../../..");
    const runChild = () =>
      new Promise<string[]>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ["--conditions=react-server", "--import", "tsx", "features/accounting/testing/renew-concurrently.ts"],
          {
            cwd: root,
            env: { ...process.env, CONNECTION_ID: connectionId, COUNT: "25" },
            stdio: ["ignore", "pipe", "pipe"],
          },
        );
        let out = "";
        let err = "";
        child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
        child.on("exit", (code) => {
          const line = out.trim().split("\n").pop() ?? "";
          if (code !== 0) reject(new Error(`child failed (${code}): ${err}`));
          else resolve((JSON.parse(line) as { fingerprints: string[] }).fingerprints);
        });
      });
    const [a, b] = await Promise.all([runChild(), runChild()]);
    const all = [...a, ...b];
    expect(all.filter((entry) => entry.startsWith("error"))).toEqual([]);
    expect(new Set(all).size).toBe(1);
    expect((await stats()).token.refresh_token).toBe(1);
    expect(all).toHaveLength(50);
    expect(tokens.access_token).toBeDefined();
  }, 60_000);
});
