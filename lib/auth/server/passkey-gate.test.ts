import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { getStream } from "@/features/notifications/server/handlers";
import { getPasskeys } from "@/features/passkeys/server/handlers";
import { chooseWorkspaceAction } from "@/features/workspaces/server/actions";
import { loadRecentSessionUser, createSession } from "./session-store";
import { sessionCache } from "./session-cache";
import { signedIn } from "./testing/signed-in-session";

// Issue 35, section 4: the passkey requirement held on pages only; the API answered 200 to a member
// without a passkey. It is read with the session (one lookup, cached with it) and holds for every
// route, server action and stream; only adding a passkey, confirming and signing out pass.

// Whoever signedIn.current names is signed in (the cookie is not what is tested here).
vi.mock("@/lib/auth/server/session", () => import("./testing/signed-in-session"));

const it = test.extend("firm", async ({ db }, { onCleanup }) => {
  const user = await db.user.create({ data: { accountingUserId: `gate:${randomUUID()}`, displayName: "Gina Gate" } });
  const workspace = await db.workspace.create({
    data: { name: `Gate ${randomUUID().slice(0, 8)}`, members: { create: { userId: user.id, roles: ["owner"] } } },
  });
  onCleanup(() => db.user.delete({ where: { id: user.id } }).then(() => undefined));
  return { userId: user.id, workspaceId: workspace.id, sessionId: await createSession(user.id) };
});

afterEach(() => {
  signedIn.current = null;
});

const plain = withRoute({ errors: [] }, () => successResponse({ done: true }));
const addingOne = withRoute({ errors: [], beforePasskey: true }, () => successResponse({ done: true }));

async function call(route: typeof plain, session: { sessionId: string; userId: string }) {
  signedIn.current = session;
  const response = await route(new NextRequest("http://localhost:3999/api/x", { method: "GET" }), {
    params: Promise.resolve({}),
  });
  return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
}

describe("the passkey requirement, where the session is resolved", () => {
  it("refuses every route and server action to a member without a passkey, 403 passkey_required", async ({
    db,
    firm,
  }) => {
    const session = { sessionId: firm.sessionId, userId: firm.userId };
    expect((await call(plain, session)).status).toBe(200);
    await db.workspace.update({ where: { id: firm.workspaceId }, data: { requirePasskey: true } });
    const refused = await call(plain, session);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe("passkey_required");
    // The notification stream (an event stream) and a real route of the app are refused alike.
    const stream = await call(getStream as typeof plain, session);
    expect([stream.status, stream.body.error?.code]).toEqual([403, "passkey_required"]);
    expect((await call(getPasskeys as typeof plain, session)).status).toBe(200);
    // Adding a passkey (and confirming, signing out) is what the gate leads to.
    expect((await call(addingOne, session)).status).toBe(200);
    signedIn.current = session;
    expect(await chooseWorkspaceAction({ workspaceId: firm.workspaceId })).toEqual({ ok: false });
    await db.passkey.create({
      data: { userId: firm.userId, credentialId: `gate-${randomUUID()}`, publicKey: Buffer.alloc(8), name: "Key" },
    });
    expect((await call(plain, session)).status).toBe(200);
    expect(await chooseWorkspaceAction({ workspaceId: firm.workspaceId })).toEqual({ ok: true });
  });

  it("is remembered with the session, and forgotten when the requirement or the passkeys change", async ({
    db,
    firm,
  }) => {
    const cache = sessionCache();
    expect(await cache.whenLive(10_000)).toBe(true);
    const read = () => loadRecentSessionUser(firm.sessionId, firm.userId);
    expect((await read())?.mustAddPasskey).toBe(false);
    await db.workspace.update({ where: { id: firm.workspaceId }, data: { requirePasskey: true } });
    await expect.poll(async () => (await read())?.mustAddPasskey, { timeout: 5_000 }).toBe(true);
    const passkey = await db.passkey.create({
      data: { userId: firm.userId, credentialId: `gate-${randomUUID()}`, publicKey: Buffer.alloc(8), name: "Key" },
    });
    await expect.poll(async () => (await read())?.mustAddPasskey, { timeout: 5_000 }).toBe(false);
    await db.passkey.delete({ where: { id: passkey.id } });
    await expect.poll(async () => (await read())?.mustAddPasskey, { timeout: 5_000 }).toBe(true);
  });
});
