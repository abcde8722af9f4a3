import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { sessionCookieHeader } from "@/lib/auth/server/session-cookie";
import { createSession } from "@/lib/auth/server/session-store";
import { MAX_STREAMS_PER_PERSON, openStreams } from "@/lib/http/server/stream-slots";
import { getStream } from "./handlers";

// One session had opened 400 notification streams: a person holds at most 10 open event streams
// (in this process); the 11th is a 429 in the envelope, and a closed one gives its slot back.

const it = test.extend("signedIn", async ({ db }, { onCleanup }) => {
  const user = await db.user.create({ data: { accountingUserId: `stream-cap:${randomUUID()}`, displayName: "Sol" } });
  onCleanup(() => db.user.delete({ where: { id: user.id } }).then(() => undefined));
  const cookie = (await sessionCookieHeader(user.id, await createSession(user.id))).split(";")[0]!;
  return { userId: user.id, cookie };
});

function open(cookie: string) {
  const abort = new AbortController();
  const request = new NextRequest("http://localhost:3999/api/notifications/stream", {
    headers: { cookie },
    signal: abort.signal,
  });
  return { abort, response: getStream(request, { params: Promise.resolve({}) }) };
}

describe("open event streams per person", () => {
  it("refuses the 11th with 429, and takes one again once another closed", async ({ signedIn, db }) => {
    const streams = [];
    for (let index = 0; index < MAX_STREAMS_PER_PERSON; index += 1) {
      const stream = open(signedIn.cookie);
      expect((await stream.response).status).toBe(200);
      streams.push(stream);
    }
    expect(openStreams(signedIn.userId)).toBe(MAX_STREAMS_PER_PERSON);
    const refused = await open(signedIn.cookie).response;
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ ok: false, error: { code: "rate_limited", limit: "event-streams" } });

    // Someone else is not counted with them.
    const other = await db.user.create({
      data: { accountingUserId: `stream-cap:${randomUUID()}`, displayName: "Oli" },
    });
    const otherCookie = (await sessionCookieHeader(other.id, await createSession(other.id))).split(";")[0]!;
    const theirs = open(otherCookie);
    expect((await theirs.response).status).toBe(200);
    theirs.abort.abort();

    // A tab closed (the request aborted) and a stream the browser cancelled give their slots back.
    streams[0]!.abort.abort();
    await (await streams[1]!.response).body!.cancel();
    expect(openStreams(signedIn.userId)).toBe(MAX_STREAMS_PER_PERSON - 2);
    const again = open(signedIn.cookie);
    expect((await again.response).status).toBe(200);
    for (const stream of [...streams, again]) stream.abort.abort();
    expect(openStreams(signedIn.userId)).toBe(0);
    await db.user.delete({ where: { id: other.id } });
  });
});
