import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";

// The embedded Postgres is a real server: what the app relies on from Postgres holds on it
// (NOTIFY between connections, row locks, roles), and it never outlives its owner.

const ROOT = path.resolve(import.meta.dirname, "../..");
let embedded: EmbeddedPostgres;
const scratch = mkdtempSync(path.join(tmpdir(), "ledgerlane-embedded-test-"));
// mkdtemp makes it 0700: open it to the postgres user the server runs as under root.
chmodSync(scratch, 0o755);
beforeAll(async () => {
  embedded = await startEmbeddedPostgres();
});
afterAll(async () => {
  await embedded.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Bounded polling for something another process does on its own. */
async function until(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A process of its own that starts the embedded Postgres (on `dataDir`, or a temporary one) and prints `ready <url>`. */
function ownerProcess(dataDir?: string): Promise<{ pid: number; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/db/serve-embedded.ts"], {
    cwd: ROOT,
    env: { ...process.env, EMBEDDED_DATABASE_DIR: dataDir ?? "memory", EMBEDDED_DATABASE_PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/^ready (\S+)$/m);
      if (match) resolve({ pid: child.pid!, url: match[1]! });
    });
    child.once("exit", (code) => reject(new Error(`serve-embedded exited (code ${code})`)));
  });
}

describe("the embedded Postgres", () => {
  it("delivers a notification to every listening connection, not only the sender's", async () => {
    const [listener, sender] = [await connected(embedded.url), await connected(embedded.url)];
    try {
      const heard = new Promise<string | undefined>((resolve) =>
        listener.on("notification", (message) => resolve(message.payload)),
      );
      await listener.query("LISTEN ledgerlane_test");
      await sender.query("SELECT pg_notify('ledgerlane_test', 'from another connection')");
      expect(await heard).toBe("from another connection");
    } finally {
      await Promise.all([listener.end(), sender.end()]);
    }
  });

  it("keeps transactions of concurrent connections apart, and a row lock makes the others wait", async () => {
    const pool = new pg.Pool({ connectionString: embedded.url, max: 6 });
    try {
      await pool.query("CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)");
      await pool.query("INSERT INTO counters VALUES (1, 0)");
      await Promise.all(
        Array.from({ length: 30 }, async () => {
          const client = await pool.connect();
          try {
            await client.query("BEGIN");
            const { rows } = await client.query("SELECT n FROM counters WHERE id = $1 FOR UPDATE", [1]);
            await client.query("UPDATE counters SET n = $1 WHERE id = $2", [Number(rows[0].n) + 1, 1]);
            await client.query("COMMIT");
          } finally {
            client.release();
          }
        }),
      );
      expect(Number((await pool.query("SELECT n FROM counters WHERE id = 1")).rows[0].n)).toBe(30);
      // A lock held by one session is seen by another (NOWAIT refuses at once).
      const holder = await pool.connect();
      try {
        await holder.query("BEGIN");
        await holder.query("SELECT 1 FROM counters WHERE id = 1 FOR UPDATE");
        await expect(pool.query("SELECT 1 FROM counters WHERE id = 1 FOR UPDATE NOWAIT")).rejects.toMatchObject({
          code: "55P03",
        });
        await holder.query("ROLLBACK");
      } finally {
        holder.release();
      }
    } finally {
      await pool.end();
    }
  });

  it("has real roles: one with only SELECT and INSERT cannot change the table or its triggers", async () => {
    const admin = await connected(embedded.url);
    try {
      await admin.query("CREATE TABLE trail (id serial PRIMARY KEY, what text)");
      await admin.query("CREATE ROLE app_user LOGIN PASSWORD 'app'");
      await admin.query("GRANT USAGE ON SCHEMA public TO app_user");
      await admin.query("GRANT SELECT, INSERT ON trail TO app_user");
      await admin.query("GRANT USAGE ON SEQUENCE trail_id_seq TO app_user");
      const url = new URL(embedded.url);
      url.username = "app_user";
      url.password = "app";
      const app = await connected(url.toString());
      try {
        await app.query("INSERT INTO trail (what) VALUES ('kept')");
        await expect(app.query("DELETE FROM trail")).rejects.toMatchObject({ code: "42501" });
        await expect(app.query("ALTER TABLE trail DISABLE TRIGGER ALL")).rejects.toMatchObject({ code: "42501" });
        await expect(app.query("SET session_replication_role = replica")).rejects.toMatchObject({ code: "42501" });
      } finally {
        await app.end();
      }
      expect((await admin.query("SELECT what FROM trail")).rows).toEqual([{ what: "kept" }]);
    } finally {
      await admin.end();
    }
  });

  it("stops when its owner is killed (kill -9), and removes its temporary cluster", async () => {
    const before = new Set(readdirSync(tmpdir()));
    const owner = await ownerProcess();
    const cluster = readdirSync(tmpdir()).find((name) => name.startsWith("ledgerlane-postgres-") && !before.has(name));
    expect(cluster).toBeDefined();
    expect(await answers(owner.url)).toBe(true);
    process.kill(owner.pid, "SIGKILL");
    await until("the server stops", async () => !(await answers(owner.url)));
    await until("its folder is removed", () => !existsSync(path.join(tmpdir(), cluster!)));
  });

  it("keeps a data folder's data, and the next start takes over a server whose owner and keeper were killed", async () => {
    const dataDir = path.join(scratch, "kept");
    const first = await ownerProcess(dataDir);
    const client = await connected(first.url);
    await client.query("CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)");
    await client.end();
    // Both the owner and its keeper die at once: the server is left running.
    const keeper = Number(
      readdirSync("/proc").find(
        (pid) =>
          /^\d+$/.test(pid) && procCommand(pid).includes("postgres-watchdog.mjs") && procCommand(pid).includes(dataDir),
      ),
    );
    expect(keeper).toBeGreaterThan(0);
    process.kill(keeper, "SIGKILL");
    process.kill(first.pid, "SIGKILL");
    expect(await answers(first.url)).toBe(true);

    const second = await startEmbeddedPostgres({ dataDir });
    try {
      const again = await connected(second.url);
      expect((await again.query("SELECT n FROM kept")).rows).toEqual([{ n: 42 }]);
      await again.end();
      expect(await answers(first.url)).toBe(false);
    } finally {
      await second.stop();
    }
  });

  it("moves a former PGlite folder aside, says so, and starts a new cluster", async () => {
    const dataDir = path.join(scratch, "pglite");
    mkdirSync(path.join(dataDir, "base"), { recursive: true });
    writeFileSync(path.join(dataDir, "PG_VERSION"), "18\n");
    const said: string[] = [];
    const server = await startEmbeddedPostgres({ dataDir, log: (line) => said.push(line) });
    try {
      expect(said.join("\n")).toMatch(
        /held the former embedded database \(PGlite, Postgres 18\).*moved it to .*pglite-postgres18-\d{14}/,
      );
      const aside = readdirSync(scratch).find((name) => name.startsWith("pglite-postgres18-"));
      expect(aside).toBeDefined();
      const client = await connected(server.url);
      expect((await client.query("SHOW server_version_num")).rows[0].server_version_num).toMatch(/^15/);
      await client.end();
    } finally {
      await server.stop();
    }
  });

  it.skipIf(process.getuid?.() !== 0)(
    "as root, keeps the cluster where the postgres user can reach it when the checkout is in a 0700 folder",
    async () => {
      const home = path.join(scratch, "home");
      mkdirSync(home, { mode: 0o700 });
      chmodSync(home, 0o700);
      const dataDir = path.join(home, "checkout/.data/postgres");
      const said: string[] = [];
      const server = await startEmbeddedPostgres({ dataDir, log: (line) => said.push(line) });
      const target = path.resolve(path.dirname(dataDir), readlinkSync(dataDir));
      try {
        expect(lstatSync(dataDir).isSymbolicLink()).toBe(true);
        expect(said.join("\n")).toContain(`cannot enter ${home}`);
        expect(await answers(server.url)).toBe(true);
      } finally {
        await server.stop();
        rmSync(target, { recursive: true, force: true });
        rmSync(`${target}.log`, { force: true });
      }
    },
  );
});

function procCommand(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}
