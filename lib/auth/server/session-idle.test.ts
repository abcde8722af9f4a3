import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { nowMs, resetTestClock, setTestClockOffset } from "@/lib/clock";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import type { testDb } from "@/scripts/test/db";
import { sessionCookieHeader } from "./session-cookie";
import { activityWritten, createSession, loadSessionUser } from "./session-store";

// Sessions end after 12 hours without a request (SESSION_IDLE_TIMEOUT_HOURS), besides 7 days after
// the sign-in. Every request counts as activity; an open event stream's own checks do not. On the
// app's clock (lib/clock), which the tests move.

const HOUR = 3_600_000;
afterEach(() => resetTestClock());

const it = test.extend("person", { scope: "file" }, async ({ db }, { onCleanup }) => {
  const userIds: string[] = [];
  onCleanup(() => db.user.deleteMany({ where: { id: { in: userIds } } }).then(() => undefined));
  return async () => {
    const user = await db.user.create({
      data: { accountingUserId: `session-idle:${randomUUID()}`, displayName: "Ida Idle" },
    });
    userIds.push(user.id);
    return { userId: user.id, sessionId: await createSession(user.id) };
  };
});

/** Moves the app's clock on by `ms`. */
const later = (ms: number) => setTestClockOffset(nowMs() - Date.now() + ms);

/** The session's last activity as stored (written outside the request: waited for). */
async function lastSeenAfter(db: ReturnType<typeof testDb>, sessionId: string, after: number): Promise<void> {
  await activityWritten();
  const row = await db.session.findUniqueOrThrow({ where: { id: sessionId }, select: { lastSeenAt: true } });
  expect(row.lastSeenAt.getTime()).toBeGreaterThanOrEqual(after);
}

describe("idle sessions", () => {
  it("end after 12 hours without a request: idle for 6 days 23 hours is refused", async ({ person }) => {
    const { userId, sessionId } = await person();
    later(6 * 24 * HOUR + 23 * HOUR);
    expect(await loadSessionUser(sessionId, userId)).toBeNull();
  });

  it("live on while the person makes requests, until 7 days after the sign-in", async ({ db, person }) => {
    const { userId, sessionId } = await person();
    const signedIn = nowMs();
    for (let hours = 11; hours < 7 * 24; hours += 11) {
      later(11 * HOUR);
      expect(await loadSessionUser(sessionId, userId), `after ${hours} hours`).not.toBeNull();
      await lastSeenAfter(db, sessionId, nowMs() - 1000);
    }
    later(signedIn + 7 * 24 * HOUR + 1000 - nowMs());
    expect(await loadSessionUser(sessionId, userId)).toBeNull();
  });

  it("are idle while only an event stream checks them", async ({ db, person }) => {
    const { userId, sessionId } = await person();
    const { lastSeenAt } = await db.session.findUniqueOrThrow({ where: { id: sessionId } });
    later(11 * HOUR);
    // The notification stream's re-check (features/notifications/server/stream.ts).
    expect(await loadSessionUser(sessionId, userId, { activity: false })).not.toBeNull();
    // A stream's (re)connect through its route (contract `response: "events"`) is no activity either.
    const cookie = (await sessionCookieHeader(userId, sessionId)).split(";")[0]!;
    const request = () => new NextRequest("http://localhost:3999/api/x", { headers: { cookie } });
    const stream = withRoute({ response: "events" }, () => new Response("data: 1\n\n"));
    expect((await stream(request(), { params: Promise.resolve({}) })).status).toBe(200);
    await activityWritten();
    expect((await db.session.findUniqueOrThrow({ where: { id: sessionId } })).lastSeenAt).toEqual(lastSeenAt);
    // Any other request is: an autosave, say.
    const save = withRoute({}, () => successResponse({}));
    expect((await save(request(), { params: Promise.resolve({}) })).status).toBe(200);
    await lastSeenAfter(db, sessionId, nowMs() - 1000);
    later(11 * HOUR);
    expect(await loadSessionUser(sessionId, userId, { activity: false })).not.toBeNull();
    later(HOUR + 1000);
    expect(await loadSessionUser(sessionId, userId, { activity: false })).toBeNull();
  });
});
