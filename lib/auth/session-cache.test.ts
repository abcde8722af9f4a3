import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { testDb } from "@/scripts/test/db";
import { SessionCache } from "./session-cache";

const url = inject("databaseUrl");
// The suite runs on the embedded Postgres exactly when DATABASE_URL is not given (global-setup.ts).
const embedded = !process.env.DATABASE_URL;
const db = testDb();
const pool = new pg.Pool({ connectionString: url, max: 2 });
const caches: SessionCache<string>[] = [];
const userIds: string[] = [];

function newCache(sendProbe = async (channel: string, payload: string) => void (await pool.query("SELECT pg_notify($1, $2)", [channel, payload]))) {
  const cache = new SessionCache<string>({ connectionString: () => url, sendProbe });
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
    // One connection listens and writes: the embedded Postgres delivers to the writing connection only.
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
      await client.query("INSERT INTO sessions (id, user_id, expires_at) VALUES (gen_random_uuid(), $1, now() + interval '1 hour')", [userId]);
      await client.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
      await client.query("INSERT INTO accounting_connections (id, user_id, scopes, updated_at) VALUES (gen_random_uuid(), $1, 'full_access', now())", [userId]);
      await client.query("INSERT INTO accounting_businesses (id, user_id, business_id, name, is_owner, is_lead) VALUES (gen_random_uuid(), $1, 'b1', 'B', true, true)", [userId]);
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
  it("remembers nothing when its probe is not heard from another connection", async () => {
    const cache = newCache(async () => {}); // as on the embedded Postgres: the probe never arrives
    const userId = await newUser();
    const { calls, load } = loaderFor(userId);
    expect(await cache.get("s1", userId, load)).toBe("First");
    expect(await cache.whenLive(2_500)).toBe(false);
    await cache.get("s1", userId, load);
    await cache.get("s1", userId, load);
    expect(calls.count).toBe(3);
  });

  it("goes live on a Postgres server, and stays dark on the embedded one", async () => {
    expect(await newCache().whenLive()).toBe(!embedded);
  });

  it.skipIf(embedded)("remembers a person until another connection changes them", async () => {
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

  it.skipIf(embedded)("does not remember a read that a change overtook", async () => {
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

  it.skipIf(embedded)("forgets a person or a session at once when told", async () => {
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
