import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";

// A person's stream hears a notification committed by any connection to the database (another
// app process alike): through Postgres NOTIFY, the process's one LISTEN connection and the hub.

async function nextEvent(reader: ReadableStreamDefaultReader<Uint8Array>, buffer: { text: string }): Promise<string> {
  const decoder = new TextDecoder();
  for (;;) {
    const end = buffer.text.indexOf("\n\n");
    if (end >= 0) {
      const event = buffer.text.slice(0, end);
      buffer.text = buffer.text.slice(end + 2);
      if (event.startsWith("event:")) return event;
      continue;
    }
    const { value, done } = await reader.read();
    if (done) throw new Error("the stream ended");
    buffer.text += decoder.decode(value, { stream: true });
  }
}

describe("notification stream", () => {
  test("sends the unread count at once and again when a notification is committed, until aborted", async ({ db }) => {
    const { notificationEventStream } = await import("./stream");
    const { notificationHub } = await import("./live-hub");
    const { notify } = await import("./notify");
    const person = await db.user.create({
      data: { accountingUserId: `stream-${Date.now()}-${Math.random()}`, displayName: "Sam" },
    });
    const session = await db.session.create({
      data: { userId: person.id, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    const workspace = await db.workspace.create({ data: { name: "Stream" } });
    expect(await notificationHub().whenLive()).toBe(true);
    const abort = new AbortController();
    const reader = notificationEventStream({
      userId: person.id,
      sessionId: session.id,
      signal: abort.signal,
    }).getReader();
    const buffer = { text: "" };
    expect(await nextEvent(reader, buffer)).toBe('event: unread\ndata: {"unreadCount":0}');
    await db.$transaction((tx) =>
      notify(tx, {
        userIds: [person.id],
        kind: "reminder",
        dedupeKey: `stream-${session.id}`,
        workspaceId: workspace.id,
        data: {},
        link: "/",
      }),
    );
    expect(await nextEvent(reader, buffer)).toBe('event: unread\ndata: {"unreadCount":1}');
    abort.abort();
    expect((await reader.read()).done).toBe(true);
  });
});
