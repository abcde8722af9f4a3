import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { testDb } from "@/scripts/test/db";
import { listenerName } from "@/lib/db/notification-feed";
import { SessionCache } from "./session-cache";

const url = inject("databaseUrl");
const db = testDb();
const pool = new pg.Pool({ connectionString: url, max: 2 });
const caches: SessionCache<string>[] = [];
const userIds: string[] = [];

function newCache(connectionString = () => url) {
  const cache = new SessionCache<string>({ connectionString, reconnectMs: 20 });
  caches.push(cache);
  return cache;
}

async function newUser(): Promise<string> {
  const user = await db.user.create({ data: { accountingUserId: `cache:${randomUUID()}`, displayName: "First" } });
  userIds.push(user.id);
  return user.id;
}

/** A loader that counts its calls and answers the person's stored display name. */
function loaderFor(userId: string) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count += 1;
    const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
    return { value: user.displayName ?? "", expiresAt: Date.now() + 60_000 };
  };
  return { calls, load };
}

/** Resolves when the cache hears (from its change feed) that `userId` changed: a signal, not a wait. */
function changeHeard(cache: SessionCache<string>, userId: string): Promise<void> {
  return new Promise((resolve) => {
    const forget = cache.forget.bind(cache);
    cache.forget = (changed: string) => {
      forget(changed);
      if (changed === userId) resolve();
    };
  });
}

/** A URL of the suite's server on a port where nothing listens: connecting fails at once. */
function unreachableUrl(): string {
  const unreachable = new URL(url);
  unreachable.port = "1";
  return unreachable.toString();
}

/** Ends this process's session-cache LISTEN connection, as a restart of the server or a dropped network would. */
async function terminateListeners(): Promise<void> {
  await pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [
    listenerName("ledgerlane_user_changed"),
  ]);
}

/** Bounded polling for a state the cache reaches on its own (its connection's end). */
async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 500) throw new Error("condition not reached within 5 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

afterEach(async () => {
  await Promise.all(caches.splice(0).map((cache) => cache.close()));
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: userIds } } });
  await db.$disconnect();
  await pool.end();
});

describe("the change triggers", () => {
  it("notify the user's id for changes to users, sessions, connections and businesses", async () => {
    const userId = await newUser();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const heard: string[] = [];
    const fourHeard = new Promise<void>((resolve) =>
      client.on("notification", (message) => {
        if (heard.push(message.payload ?? "") === 4) resolve();
      }),
    );
    try {
      await client.query("LISTEN ledgerlane_user_changed");
      await client.query("UPDATE users SET display_name = 'Second' WHERE id = $1", [userId]);
      await client.query(
        "INSERT INTO sessions (id, user_id, expires_at) VALUES (gen_random_uuid(), $1, now() + interval '1 hour')",
        [userId],
      );
      await client.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
      await client.query(
        "INSERT INTO accounting_connections (id, user_id, scopes, updated_at) VALUES (gen_random_uuid(), $1, 'full_access', now())",
        [userId],
      );
      await client.query(
        "INSERT INTO accounting_businesses (id, user_id, business_id, name, is_owner, is_lead) VALUES (gen_random_uuid(), $1, 'b1', 'B', true, true)",
        [userId],
      );
      await client.query("SELECT 1");
      await fourHeard;
      expect(heard.every((payload) => payload === userId)).toBe(true);
      // users update, sessions delete, connections insert, businesses insert (a new session is nobody's cache entry yet)
      expect(heard).toHaveLength(4);
    } finally {
      await client.end();
    }
  });
});

describe("SessionCache", () => {
  it("remembers nothing while its LISTEN connection is down, and forgets everything once it is back", async () => {
    let reachable = true;
    const cache = newCache(() => (reachable ? url : unreachableUrl()));
    expect(await cache.whenLive()).toBe(true);
    const userId = await newUser();
    const { calls, load } = loaderFor(userId);
    await cache.get("s1", userId, load);
    await cache.get("s1", userId, load);
    expect(calls.count).toBe(1);

    // The database drops the listening connection, and it cannot come back for now.
    reachable = false;
    await terminateListeners();
    await until(() => !cache.isLive);
    // A change meanwhile is heard by no one: the cache must not answer from before it.
    await db.user.update({ where: { id: userId }, data: { displayName: "Second" } });
    expect(await cache.get("s1", userId, load)).toBe("Second");
    expect(await cache.get("s1", userId, load)).toBe("Second");
    expect(calls.count).toBe(3);

    reachable = true;
    expect(await cache.whenLive()).toBe(true);
    await cache.get("s1", userId, load);
    await cache.get("s1", userId, load);
    expect(calls.count).toBe(4);
  });

  it("does not keep a read made while dark once the feed is back (a change may have gone unheard)", async () => {
    let reachable = true;
    const cache = newCache(() => (reachable ? url : unreachableUrl()));
    expect(await cache.whenLive()).toBe(true);
    const userId = await newUser();
    const { calls, load } = loaderFor(userId);
    reachable = false;
    await terminateListeners();
    await until(() => !cache.isLive);
    // The read starts while dark and ends after the feed is live again.
    const stale = await cache.get("s1", userId, async () => {
      const old = await load();
      await db.user.update({ where: { id: userId }, data: { displayName: "Second" } });
      reachable = true;
      expect(await cache.whenLive()).toBe(true);
      return old;
    });
    expect(stale).toBe("First");
    expect(await cache.get("s1", userId, load)).toBe("Second");
    expect(calls.count).toBe(2);
  });

  it("goes live on the suite's Postgres, the embedded one included", async () => {
    expect(await newCache().whenLive()).toBe(true);
  });

  it("remembers a person until another connection changes them", async () => {
    const cache = newCache();
    expect(await cache.whenLive()).toBe(true);
    const userId = await newUser();
    const { calls, load } = loaderFor(userId);
    expect(await cache.get("s1", userId, load)).toBe("First");
    expect(await cache.get("s1", userId, load)).toBe("First");
    expect(calls.count).toBe(1);
    expect(await cache.get("s1", randomUUID(), load)).toBe("First"); // another person's id: read again
    expect(calls.count).toBe(2);

    const heard = changeHeard(cache, userId);
    await db.user.update({ where: { id: userId }, data: { displayName: "Second" } });
    await heard;
    expect(await cache.get("s1", userId, load)).toBe("Second");
  });

  it("does not remember a read that a change overtook", async () => {
    const cache = newCache();
    expect(await cache.whenLive()).toBe(true);
    const userId = await newUser();
    const { calls, load } = loaderFor(userId);
    // The read answers the old name, but a change is committed (and heard) before it returns.
    const heard = changeHeard(cache, userId);
    const stale = await cache.get("s1", userId, async () => {
      const old = await load();
      await db.user.update({ where: { id: userId }, data: { displayName: "Second" } });
      await heard;
      return old;
    });
    expect(stale).toBe("First");
    expect(await cache.get("s1", userId, load)).toBe("Second");
    expect(calls.count).toBe(2);
  });

  it("forgets a person or a session at once when told", async () => {
    const cache = newCache();
    expect(await cache.whenLive()).toBe(true);
    const userId = await newUser();
    const { calls, load } = loaderFor(userId);
    await cache.get("s1", userId, load);
    cache.forget(userId);
    await cache.get("s1", userId, load);
    cache.forgetKey("s1");
    await cache.get("s1", userId, load);
    expect(calls.count).toBe(3);
  });
});
