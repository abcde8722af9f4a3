import { describe, expect } from "vitest";
import { forgetAccessToken } from "@/features/accounting/connection/server/access-token";
import { grantTokens } from "@/features/accounting/testing/sandbox-grant";
import { freshTest as it } from "@/features/accounting/testing/fixtures";
import { seedConnection } from "@/features/accounting/testing/seed-connection";
import { ALICE, DARA, grantClientFor } from "@/features/accounting/testing/test-env";
import { renewIdleConnections } from "./jobs";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("the keep-alive job", () => {
  it("renews connections not renewed for the configured days, and only those", async ({ sandbox, db }) => {
    const idle = await seedConnection(db, await grantTokens(grantClientFor(sandbox), ALICE));
    const fresh = await seedConnection(db, await grantTokens(grantClientFor(sandbox), DARA));
    await db.accountingConnection.update({
      where: { id: idle.connectionId },
      data: { lastRenewedAt: new Date(Date.now() - 8 * DAY_MS) },
    });
    await db.accountingConnection.update({
      where: { id: fresh.connectionId },
      data: { lastRenewedAt: new Date(Date.now() - 1 * DAY_MS) },
    });
    forgetAccessToken(idle.connectionId);
    const before = await db.accountingConnection.findUniqueOrThrow({ where: { id: idle.connectionId } });

    expect(await renewIdleConnections(7)).toEqual({ renewed: 1, failed: 0 });
    const after = await db.accountingConnection.findUniqueOrThrow({ where: { id: idle.connectionId } });
    expect(after.lastRenewedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(after.refreshTokenEncrypted).not.toBe(before.refreshTokenEncrypted);
    expect(after.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 30 * DAY_MS);
    const stats = (await sandbox.control<{ token: { refresh_token: number } }>("GET", "/stats")).body;
    expect(stats.token.refresh_token).toBe(1);
  });
});
