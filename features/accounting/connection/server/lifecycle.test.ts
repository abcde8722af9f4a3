import { describe, expect } from "vitest";
import type { TestSandbox } from "@/sandbox/test-support";
import { freshTest as it } from "../../testing/fixtures";
import { grantTokens } from "../../testing/sandbox-grant";
import { seedConnection } from "../../testing/seed-connection";
import { ALICE, grantClientFor } from "../../testing/test-env";
import { defaultRenewalDeps, getAccessToken } from "./access-token";
import { defaultLifecycleDeps, disconnectUser, revokeConnection } from "./lifecycle";

async function stats(sandbox: TestSandbox) {
  return (await sandbox.control<{ revoke: number; token: { refresh_token: number } }>("GET", "/stats")).body;
}

async function tokenStates(sandbox: TestSandbox) {
  return (await sandbox.control<{ kind: string; state: string; value: string }[]>("GET", "/tokens")).body;
}

describe("disconnect", () => {
  it("revokes the refresh token at the service, then deletes it", async ({ sandbox, db }) => {
    const tokens = await grantTokens(grantClientFor(sandbox), ALICE);
    const { userId, connectionId } = await seedConnection(db, tokens);
    const scheduled: string[] = [];
    const outcome = await disconnectUser(userId, {
      ...defaultLifecycleDeps(async (id) => void scheduled.push(id)),
      db,
    });
    expect(outcome).toBe("revoked");
    expect((await stats(sandbox)).revoke).toBe(1);
    expect((await tokenStates(sandbox)).find((token) => token.value === tokens.refresh_token)?.state).toBe("revoked");
    expect(await db.accountingConnection.findUnique({ where: { id: connectionId } })).toBeNull();
    expect(scheduled).toEqual([]);
  });

  it("keeps the token and schedules a retry when the service answers 5xx; the retry then revokes", async ({
    sandbox,
    db,
  }) => {
    const tokens = await grantTokens(grantClientFor(sandbox), ALICE);
    const { userId, connectionId } = await seedConnection(db, tokens);
    await sandbox.control("POST", "/faults", {
      rules: [{ path: "/accounting/oauth/revoke", kind: "error", status: 503, times: 1 }],
    });
    const scheduled: string[] = [];
    const deps = { ...defaultLifecycleDeps(async (id) => void scheduled.push(id)), db };
    expect(await disconnectUser(userId, deps)).toBe("pending");
    const row = await db.accountingConnection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(row.status).toBe("revoke_pending");
    expect(row.refreshTokenEncrypted).not.toBeNull();
    expect(row.accessTokenEncrypted).toBeNull();
    expect(scheduled).toEqual([connectionId]);
    // The app no longer uses a connection being disconnected.
    await expect(getAccessToken(connectionId, { ...defaultRenewalDeps(), db })).rejects.toThrow(
      /no accounting connection/,
    );
    expect(await revokeConnection(connectionId, deps)).toBe("revoked");
    expect((await tokenStates(sandbox)).find((token) => token.value === tokens.refresh_token)?.state).toBe("revoked");
    expect(await db.accountingConnection.findUnique({ where: { id: connectionId } })).toBeNull();
  });
});
