import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import type { DraftEvent, DraftHub } from "./draft-hub";
import type { UserChanges } from "./draft-stream";
import type { DraftKey } from "./drafts";
import type { AuditActor } from "@/lib/audit/server/record";

// Live co-editing of a draft against the suite's Postgres: per-line revisions (edits of different
// lines merge, the same line is a conflict with both sides), catch-up since a revision, and the
// fan-out of changes (NOTIFY between processes, also after the listening connection was dropped).

const SABINE_KEY = "pk_sandbox_i58pght2xur5dj21ss00bhkw";

/** The workspace the file's drafts live in, with two of its people as the audit trail (and a line's writer) knows them. */
interface Team {
  connectionId: string;
  ownerId: string;
  workspaceId: string;
  claudia: AuditActor;
  dara: AuditActor;
  databaseUrl: string;
}

const it = test
  .extend("team", { scope: "file" }, async ({ db }): Promise<Team> => {
    const { connectPayroll } = await import("@/features/payroll/connection/server/connection");
    const { payrollFor } = await import("@/features/payroll/server/access");
    const { personalActor } = await import("@/features/payroll/testing/actor");
    const { serverEnv } = await import("@/lib/env/server");
    const user = await db.user.create({
      data: { accountingUserId: `collab-${Date.now()}`, displayName: "Test Clerk" },
    });
    const actor = await personalActor(user.id);
    await connectPayroll(actor, { apiKey: SABINE_KEY }, null);
    const other = await db.user.create({
      data: { accountingUserId: `collab-dara-${Date.now()}`, displayName: "Dara Demir" },
    });
    return {
      connectionId: (await payrollFor(actor, "payroll.edit")).connection.id,
      ownerId: user.id,
      workspaceId: actor.workspaceId,
      claudia: { workspaceId: actor.workspaceId, userId: user.id, name: "Test Clerk" },
      dara: { workspaceId: actor.workspaceId, userId: other.id, name: "Dara Demir" },
      databaseUrl: serverEnv().DATABASE_URL,
    };
  })
  /** A draft of its own for each call: a month of company 1001 no other test writes. */
  .extend("freshKey", { scope: "file" }, async ({ team }) => {
    let periods = 0;
    return (): DraftKey => {
      periods += 1;
      return {
        connectionId: team.connectionId,
        companyId: 1001,
        period: `2040-${String(periods).padStart(2, "0")}`,
        kind: "payments",
      };
    };
  })
  /** A draft hub as an app process has one (closed after the file), notifying through its own pool unless told otherwise. */
  .extend("newHub", { scope: "file" }, async ({ team }, { onCleanup }) => {
    const hubs: DraftHub[] = [];
    onCleanup(() => Promise.all(hubs.map((hub) => hub.close())).then(() => undefined));
    return async (
      notify?: (channel: string, payload: string) => Promise<void>,
      connectionString = () => team.databaseUrl,
    ): Promise<DraftHub> => {
      const { DraftHub } = await import("./draft-hub");
      const pg = (await import("pg")).default;
      const pool = new pg.Pool({ connectionString: team.databaseUrl, max: 1 });
      const hub = new DraftHub({
        connectionString,
        notify:
          notify ??
          (async (channel, payload) => void (await pool.query("SELECT pg_notify($1, $2)", [channel, payload]))),
        reconnectMs: 20,
      });
      const close = hub.close.bind(hub);
      hub.close = async () => {
        await close();
        await pool.end();
      };
      hubs.push(hub);
      return hub;
    };
  })
  /** The access the stream route gives a person: their membership and role, asked of the database. */
  .extend("accessOf", { scope: "file" }, async ({ team }) => async (userId: string) => {
    const { stillPermitted } = await import("@/features/payroll/server/access");
    return { userId, allowed: () => stillPermitted(userId, team.connectionId, "payroll.read") };
  });

const line = (id: string, employee: number, values: Record<string, string>) => ({ id, employee_id: employee, values });

/** A stream's messages one by one (without its `retry:` line); null once it ended. */
function messages(stream: ReadableStream<Uint8Array>): () => Promise<string | null> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return async () => {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message.startsWith("retry:")) continue;
        return message;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value);
    }
  };
}

function nextEvent(
  hub: DraftHub,
  key: string,
  accept: (event: DraftEvent) => boolean = () => true,
): Promise<DraftEvent> {
  return new Promise((resolve) => {
    const off = hub.subscribe(key, (event) => {
      if (!accept(event)) return;
      off();
      resolve(event);
    });
  });
}

describe("per-line revisions", () => {
  it("merges saves of different lines made from the same revision", async ({ freshKey }) => {
    const { loadEntryDraft, patchEntryDraft, saveEntryDraft } = await import("./drafts");
    const key = freshKey();
    const base = await saveEntryDraft(key, [line("a", 1, { amount: "1" }), line("b", 2, { amount: "2" })], null);
    const mine = await patchEntryDraft(key, [{ ...line("a", 1, { amount: "10" }), base: base.revision }], [], null);
    const theirs = await patchEntryDraft(key, [{ ...line("b", 2, { amount: "20" }), base: base.revision }], [], null);
    expect(mine.conflicts).toEqual([]);
    expect(theirs.conflicts).toEqual([]);
    expect(theirs.revision).toBe(base.revision + 2);
    const loaded = await loadEntryDraft(key);
    expect(loaded?.lines).toEqual([line("a", 1, { amount: "10" }), line("b", 2, { amount: "20" })]);
    expect(loaded?.lineRevisions).toEqual({ a: base.revision + 1, b: base.revision + 2 });
  });

  it("refuses the second of two changes of the same line, with both values, and overwrites nothing", async ({
    freshKey,
  }) => {
    const { loadEntryDraft, patchEntryDraft, saveEntryDraft } = await import("./drafts");
    const key = freshKey();
    const base = await saveEntryDraft(key, [line("a", 1, { amount: "1" }), line("b", 2, { amount: "2" })], null);
    const first = await patchEntryDraft(key, [{ ...line("a", 1, { amount: "5" }), base: base.revision }], [], null);
    // The second save carries another line too: that one is written, the contested one is not.
    const second = await patchEntryDraft(
      key,
      [
        { ...line("a", 1, { amount: "7" }), base: base.revision },
        { ...line("b", 2, { amount: "8" }), base: base.revision },
      ],
      [],
      null,
    );
    expect(second.conflicts).toEqual([
      {
        id: "a",
        theirs: { revision: first.revision, employee_id: 1, values: { amount: "5" }, by: null },
        yours: line("a", 1, { amount: "7" }),
      },
    ]);
    expect(second.lineRevisions).toEqual({ b: first.revision + 1 });
    expect((await loadEntryDraft(key))?.lines).toEqual([line("a", 1, { amount: "5" }), line("b", 2, { amount: "8" })]);
    // Keeping one's own value after seeing theirs: the save now builds on their revision.
    const resolved = await patchEntryDraft(key, [{ ...line("a", 1, { amount: "7" }), base: first.revision }], [], null);
    expect(resolved.conflicts).toEqual([]);
    expect((await loadEntryDraft(key))?.lines[0]).toEqual(line("a", 1, { amount: "7" }));
    // The same value saved by both is no conflict (and writes nothing).
    const same = await patchEntryDraft(key, [{ ...line("a", 1, { amount: "7" }), base: base.revision }], [], null);
    expect(same).toMatchObject({ revision: resolved.revision, conflicts: [], lineRevisions: { a: resolved.revision } });
    // A line new to the sender that someone else has already saved differently: a conflict too.
    expect(
      (await patchEntryDraft(key, [line("b", 2, { amount: "9" })], [], null)).conflicts.map((conflict) => conflict.id),
    ).toEqual(["b"]);
  });

  it("takes a page's newer value over its own earlier save that reached the server first (prior), not over someone else's", async ({
    freshKey,
  }) => {
    const { loadEntryDraft, patchEntryDraft, saveEntryDraft } = await import("./drafts");
    const key = freshKey();
    const base = await saveEntryDraft(key, [line("a", 1, { amount: "1" }), line("b", 2, { amount: "1" })], null);
    // A save under way, and one sent while leaving the page that arrives after it.
    await patchEntryDraft(key, [{ ...line("a", 1, { amount: "2" }), base: base.revision }], [], null);
    const leaving = await patchEntryDraft(
      key,
      [{ ...line("a", 1, { amount: "3" }), base: base.revision, prior: { amount: "2" } }],
      [],
      null,
    );
    expect(leaving.conflicts).toEqual([]);
    expect((await loadEntryDraft(key))?.lines[0]).toEqual(line("a", 1, { amount: "3" }));
    // Someone else's value is not the page's prior one: a conflict as ever.
    await patchEntryDraft(key, [{ ...line("b", 2, { amount: "5" }), base: base.revision }], [], null);
    const stale = await patchEntryDraft(
      key,
      [{ ...line("b", 2, { amount: "3" }), base: base.revision, prior: { amount: "2" } }],
      [],
      null,
    );
    expect(stale.conflicts.map((conflict) => conflict.id)).toEqual(["b"]);
  });

  it("treats a removal like a change: refused when the line changed since, and told to streams catching up", async ({
    freshKey,
  }) => {
    const { linesChangedSince, loadEntryDraft, patchEntryDraft, saveEntryDraft } = await import("./drafts");
    const key = freshKey();
    const base = await saveEntryDraft(
      key,
      [line("a", 1, { amount: "1" }), line("b", 2, { amount: "2" }), line("c", 3, {})],
      null,
    );
    const edit = await patchEntryDraft(key, [{ ...line("a", 1, { amount: "3" }), base: base.revision }], [], null);
    const removal = await patchEntryDraft(
      key,
      [],
      [
        { id: "a", base: base.revision },
        { id: "c", base: base.revision },
      ],
      null,
    );
    expect(removal.conflicts).toEqual([
      { id: "a", theirs: { revision: edit.revision, employee_id: 1, values: { amount: "3" }, by: null }, yours: null },
    ]);
    expect((await loadEntryDraft(key))?.lines.map((stored) => stored.id)).toEqual(["a", "b"]);
    // Someone edits a line another removed: their side of the conflict has no values.
    const late = await patchEntryDraft(key, [{ ...line("c", 3, { amount: "4" }), base: base.revision }], [], null);
    expect(late.conflicts).toEqual([
      {
        id: "c",
        theirs: { revision: removal.revision, employee_id: null, values: null, by: null },
        yours: line("c", 3, { amount: "4" }),
      },
    ]);

    // Catch-up since a revision: the lines written after it, the removal included, and the draft's revision.
    expect(await linesChangedSince(key, base.revision)).toEqual({
      revision: removal.revision,
      lines: [
        { id: "a", revision: edit.revision, deleted: false, employee_id: 1, values: { amount: "3" } },
        { id: "c", revision: removal.revision, deleted: true, employee_id: 3, values: {} },
      ],
    });
    expect(await linesChangedSince(key, removal.revision)).toEqual({ revision: removal.revision, lines: [] });
    expect(await linesChangedSince(freshKey(), 0)).toEqual({ revision: 0, lines: [] });
    // A removed line saved again by someone who never knew it (no base) comes back.
    const again = await patchEntryDraft(key, [line("c", 3, { amount: "5" })], [], null);
    expect(again.conflicts).toEqual([]);
    expect((await loadEntryDraft(key))?.lines.map((stored) => stored.id)).toEqual(["a", "b", "c"]);
  });
});

describe("per-cell changes (each changed cell names the value its edit began from)", () => {
  it("merges edits of different cells of the same line, and sends the merged line back", async ({
    team: { claudia, dara },
    freshKey,
  }) => {
    const { loadEntryDraft, patchEntryDraft, saveEntryDraft } = await import("./drafts");
    const key = freshKey();
    const base = await saveEntryDraft(key, [line("a", 1, { type: "1000", amount: "1", count: "1" })], null);
    const mine = await patchEntryDraft(
      key,
      [{ ...line("a", 1, { type: "1000", amount: "2", count: "1" }), base: base.revision, was: { amount: "1" } }],
      [],
      claudia,
    );
    // Dara's copy of the line is older (amount 1): only the cell she changed is hers.
    const theirs = await patchEntryDraft(
      key,
      [{ ...line("a", 1, { type: "1000", amount: "1", count: "3" }), base: base.revision, was: { count: "1" } }],
      [],
      dara,
    );
    expect(mine.conflicts).toEqual([]);
    expect(theirs.conflicts).toEqual([]);
    expect((await loadEntryDraft(key))?.lines).toEqual([line("a", 1, { type: "1000", amount: "2", count: "3" })]);
    // Dara's page learns the line as it is now (Claudia's amount with her count).
    expect(theirs.merged).toEqual([
      { id: "a", revision: theirs.revision, employee_id: 1, values: { type: "1000", amount: "2", count: "3" } },
    ]);
    expect(theirs.lineRevisions).toEqual({ a: theirs.revision });
    // Emptying a cell merges too (an empty cell is no field).
    const emptied = await patchEntryDraft(
      key,
      [{ ...line("a", 1, { type: "1000", amount: "2" }), base: theirs.revision, was: { count: "3" } }],
      [],
      dara,
    );
    expect(emptied.conflicts).toEqual([]);
    expect((await loadEntryDraft(key))?.lines).toEqual([line("a", 1, { type: "1000", amount: "2" })]);
  });

  it("refuses a cell someone else changed after the sender's copy of it was read, whatever the timing, and names them", async ({
    team: { claudia, dara },
    freshKey,
  }) => {
    const { loadEntryDraft, patchEntryDraft, saveEntryDraft } = await import("./drafts");
    const key = freshKey();
    const base = await saveEntryDraft(key, [line("a", 1, { type: "1000" }), line("b", 2, { type: "1000" })], null);
    // Claudia starts typing 9 into a's amount (empty then). Dara saves 10 there; Claudia's grid shows
    // it (her page now knows the line's newest revision), then Claudia commits her 9.
    const daras = await patchEntryDraft(
      key,
      [{ ...line("a", 1, { type: "1000", amount: "10" }), base: base.revision, was: { amount: "" } }],
      [],
      dara,
    );
    const claudias = await patchEntryDraft(
      key,
      [
        {
          ...line("a", 1, { type: "1000", amount: "9", count: "2" }),
          base: daras.revision,
          was: { amount: "", count: "" },
        },
        { ...line("b", 2, { type: "1000", amount: "5" }), base: base.revision, was: { amount: "" } },
      ],
      [],
      claudia,
    );
    // Her count merged (written), her amount did not: Dara's 10 stays, and the conflict names Dara.
    expect(claudias.conflicts).toEqual([
      {
        id: "a",
        theirs: {
          revision: claudias.revision,
          employee_id: 1,
          values: { type: "1000", amount: "10", count: "2" },
          by: "Dara Demir",
        },
        yours: line("a", 1, { type: "1000", amount: "9", count: "2" }),
      },
    ]);
    expect(claudias.lineRevisions).toEqual({ b: claudias.revision });
    expect((await loadEntryDraft(key))?.lines).toEqual([
      line("a", 1, { type: "1000", amount: "10", count: "2" }),
      line("b", 2, { type: "1000", amount: "5" }),
    ]);
    // Keeping her value after seeing Dara's: built on Dara's value, it is written.
    const kept = await patchEntryDraft(
      key,
      [{ ...line("a", 1, { type: "1000", amount: "9", count: "2" }), base: claudias.revision, was: { amount: "10" } }],
      [],
      claudia,
    );
    expect(kept.conflicts).toEqual([]);
    expect((await loadEntryDraft(key))?.lines[0]).toEqual(line("a", 1, { type: "1000", amount: "9", count: "2" }));
    // The same value saved by both is no conflict.
    expect(
      (
        await patchEntryDraft(
          key,
          [{ ...line("a", 1, { type: "1000", amount: "9", count: "2" }), base: base.revision, was: { amount: "" } }],
          [],
          dara,
        )
      ).conflicts,
    ).toEqual([]);
  });
});

describe("fan-out", () => {
  it("carries events between processes through NOTIFY, on the embedded Postgres too", async ({ newHub }) => {
    const one = await newHub();
    const other = await newHub();
    expect((await one.whenLive()) && (await other.whenLive())).toBe(true);
    const key = "fan-out/notify";
    const here = nextEvent(one, key, (event) => event.type !== "resync");
    const there = nextEvent(other, key, (event) => event.type !== "resync");
    await one.publish({ key, type: "lines", revision: 3 });
    expect(await here).toEqual({ key, type: "lines", revision: 3 });
    expect(await there).toEqual({ key, type: "lines", revision: 3 });
  });
});

describe("the draft's event stream", () => {
  it("catches up since a revision, then sends each save's lines and the others' presence, and says goodbye", async ({
    team: { ownerId },
    freshKey,
    newHub,
    accessOf,
  }) => {
    const { patchEntryDraft, saveEntryDraft } = await import("./drafts");
    const { draftEventStream } = await import("./draft-stream");
    const { draftKeyText } = await import("./draft-hub");
    const hub = await newHub(async () => undefined);
    const key = freshKey();
    const base = await saveEntryDraft(key, [line("a", 1, { amount: "1" }), line("b", 2, {})], null);
    const missed = await patchEntryDraft(key, [{ ...line("b", 2, { amount: "2" }), base: base.revision }], [], null);
    const abort = new AbortController();
    const gone = nextEvent(
      hub,
      draftKeyText(key),
      (event) => event.type === "presence" && event.presence.gone === true,
    );
    const nextMessage = messages(
      draftEventStream({
        key,
        since: base.revision,
        client: "me-123456",
        name: "Me",
        signal: abort.signal,
        hub,
        access: await accessOf(ownerId),
      }),
    );
    expect(await nextMessage()).toBe(
      `id: ${missed.revision}\nevent: lines\ndata: ${JSON.stringify({ revision: missed.revision, lines: [{ id: "b", revision: missed.revision, deleted: false, employee_id: 2, values: { amount: "2" } }] })}`,
    );
    const saved = await patchEntryDraft(key, [{ ...line("a", 1, { amount: "9" }), base: base.revision }], [], null);
    await hub.publish({ key: draftKeyText(key), type: "lines", revision: saved.revision });
    expect(await nextMessage()).toBe(
      `id: ${saved.revision}\nevent: lines\ndata: ${JSON.stringify({ revision: saved.revision, lines: [{ id: "a", revision: saved.revision, deleted: false, employee_id: 1, values: { amount: "9" } }] })}`,
    );
    // Someone else's presence reaches this stream; its own does not come back to it.
    await hub.publish({
      key: draftKeyText(key),
      type: "presence",
      presence: { client: "me-123456", name: "Me", line: "a" },
    });
    await hub.publish({
      key: draftKeyText(key),
      type: "presence",
      presence: { client: "you-123456", name: "You", line: "b" },
    });
    expect(await nextMessage()).toBe(
      `event: presence\ndata: ${JSON.stringify({ client: "you-123456", name: "You", line: "b" })}`,
    );
    abort.abort();
    expect(await gone).toMatchObject({ presence: { client: "me-123456", gone: true } });
  });

  it("ends after its maximum age without saying goodbye (the browser reconnects through the access checks)", async ({
    team: { ownerId },
    freshKey,
    newHub,
    accessOf,
  }) => {
    const { draftEventStream } = await import("./draft-stream");
    const { draftKeyText } = await import("./draft-hub");
    const hub = await newHub(async () => undefined);
    const key = freshKey();
    const heard: DraftEvent[] = [];
    hub.subscribe(draftKeyText(key), (event) => event.type !== "resync" && heard.push(event));
    const reader = draftEventStream({
      key,
      since: 0,
      client: "me-123456",
      name: "Me",
      signal: new AbortController().signal,
      hub,
      maxAgeMs: 50,
      access: await accessOf(ownerId),
    }).getReader();
    while (!(await reader.read()).done);
    expect(heard.map((event) => (event.type === "presence" ? event.presence.gone === true : "lines"))).toEqual([false]);
  });
  it("sends a line saved while its process's LISTEN connection was dropped, once it is back (not at the next save)", async ({
    team: { ownerId, databaseUrl },
    freshKey,
    newHub,
    accessOf,
  }) => {
    const { patchEntryDraft, saveEntryDraft } = await import("./drafts");
    const { draftEventStream } = await import("./draft-stream");
    const { draftKeyText } = await import("./draft-hub");
    const { listenerName } = await import("@/lib/db/notification-feed");
    const pg = (await import("pg")).default;
    let reachable = true;
    const unreachable = new URL(databaseUrl);
    unreachable.port = "1";
    // This process's grid (the listening hub) and another process that saves (its own hub).
    const listening = await newHub(undefined, () => (reachable ? databaseUrl : unreachable.toString()));
    const saving = await newHub();
    expect(await listening.whenLive()).toBe(true);
    const key = freshKey();
    const base = await saveEntryDraft(key, [line("a", 1, { amount: "1" })], null);
    const reader = draftEventStream({
      key,
      since: base.revision,
      client: "me-123456",
      name: "Me",
      signal: new AbortController().signal,
      hub: listening,
      access: await accessOf(ownerId),
    }).getReader();

    // The database drops the listening connection (as after a restart or a network fault) and
    // it cannot come back at once; meanwhile the other process saves and notifies.
    reachable = false;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [
      listenerName("ledgerlane_draft_changed"),
    ]);
    await admin.end();
    for (let tries = 0; listening.isLive; tries += 1) {
      if (tries > 500) throw new Error("the listening connection did not notice its end within 5 s");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const saved = await patchEntryDraft(key, [{ ...line("a", 1, { amount: "7" }), base: base.revision }], [], null);
    await saving.publish({ key: draftKeyText(key), type: "lines", revision: saved.revision });

    reachable = true;
    const decoder = new TextDecoder();
    let received = "";
    while (!received.includes('"amount":"7"')) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended");
      received += decoder.decode(value);
    }
    expect(received).toContain(`id: ${saved.revision}\nevent: lines\n`);
    await reader.cancel();
  });

  /** A clerk of the owner's workspace, with an open stream of the draft beside the owner's. */
  const streamsTest = it.extend("clerkAndOwnerStreams", async ({ db, team, newHub, freshKey, accessOf }) => {
    return async (options: { userChanges?: UserChanges } = {}) => {
      const { saveEntryDraft } = await import("./drafts");
      const { draftEventStream } = await import("./draft-stream");
      const hub = await newHub(async () => undefined);
      const clerk = await db.user.create({
        data: { accountingUserId: `collab-clerk-${Date.now()}`, displayName: "Removed Clerk" },
      });
      await db.workspaceMember.create({ data: { workspaceId: team.workspaceId, userId: clerk.id, roles: ["clerk"] } });
      const key = freshKey();
      const base = await saveEntryDraft(key, [line("a", 1, { amount: "1" })], null);
      const open = async (userId: string, client: string) => {
        const next = messages(
          draftEventStream({
            key,
            since: base.revision,
            client,
            name: client,
            signal: new AbortController().signal,
            hub,
            access: await accessOf(userId),
            ...options,
          }),
        );
        return next;
      };
      return {
        clerkId: clerk.id,
        key,
        base,
        hub,
        owner: await open(team.ownerId, "owner-123456"),
        clerk: await open(clerk.id, "clerk-123456"),
      };
    };
  });

  async function saveAndTell(hub: DraftHub, key: DraftKey, base: number, amount: string) {
    const { patchEntryDraft } = await import("./drafts");
    const { draftKeyText } = await import("./draft-hub");
    const saved = await patchEntryDraft(key, [{ ...line("a", 1, { amount }), base }], [], null);
    await hub.publish({ key: draftKeyText(key), type: "lines", revision: saved.revision });
    return saved.revision;
  }

  const presence = (message: string | null) => message?.startsWith("event: presence") ?? false;
  async function nextLines(next: () => Promise<string | null>): Promise<string | null> {
    for (;;) {
      const message = await next();
      if (!presence(message)) return message;
    }
  }

  streamsTest(
    "ends a removed member's stream at once, while the others' goes on, and sends it no later save",
    async ({ team: { ownerId, workspaceId }, clerkAndOwnerStreams }) => {
      const { removeMember } = await import("@/features/workspaces/server/members");
      const { key, base, hub, owner, clerk, clerkId } = await clerkAndOwnerStreams();
      const first = await saveAndTell(hub, key, base.revision, "2");
      expect(await nextLines(owner)).toContain(`"amount":"2"`);
      expect(await nextLines(clerk)).toContain(`"amount":"2"`);
      await removeMember(ownerId, workspaceId, clerkId);
      // Without any save: the removal alone ends the stream (a later message would be a save's).
      expect(await nextLines(clerk)).toBeNull();
      await saveAndTell(hub, key, first, "3");
      expect(await nextLines(owner)).toContain(`"amount":"3"`);
    },
  );

  streamsTest(
    "ends it in another process, which hears of the removal only through the database",
    async ({ team: { ownerId, workspaceId, databaseUrl }, clerkAndOwnerStreams }) => {
      const { SessionCache } = await import("@/lib/auth/server/session-cache");
      const { removeMember } = await import("@/features/workspaces/server/members");
      // Another process's session cache: its own LISTEN connection, none of this process's `forget` calls.
      const otherProcess = new SessionCache({ connectionString: () => databaseUrl });
      try {
        expect(await otherProcess.whenLive()).toBe(true);
        const { key, base, hub, owner, clerk, clerkId } = await clerkAndOwnerStreams({ userChanges: otherProcess });
        const removedAt = Date.now();
        await removeMember(ownerId, workspaceId, clerkId);
        expect(await nextLines(clerk)).toBeNull();
        expect(Date.now() - removedAt).toBeLessThan(2_000);
        await saveAndTell(hub, key, base.revision, "4");
        expect(await nextLines(owner)).toContain(`"amount":"4"`);
      } finally {
        await otherProcess.close();
      }
    },
  );

  streamsTest(
    "sends no save to a person whose access ended unheard (checked before each event)",
    async ({ db, team: { workspaceId }, clerkAndOwnerStreams }) => {
      // Hears nothing: as if the notification were lost while the listening connection reconnected.
      const deaf = { watch: () => () => undefined };
      const { key, base, hub, owner, clerk, clerkId } = await clerkAndOwnerStreams({ userChanges: deaf });
      await db.workspaceMember.delete({ where: { workspaceId_userId: { workspaceId, userId: clerkId } } });
      await saveAndTell(hub, key, base.revision, "5");
      expect(await nextLines(owner)).toContain(`"amount":"5"`);
      expect(await nextLines(clerk)).toBeNull();
    },
  );
});
