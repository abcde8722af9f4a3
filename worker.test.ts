import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail } from "@/features/mail/server/outbox";
import { useMailTestEnv } from "@/features/mail/server/testing/mail-env";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import { startSmtpSink, type SmtpSink } from "@/features/mail/server/testing/smtp-sink";
import { closeDb, createPrismaClient } from "@/lib/db/client";

// `npm run worker` as a deployment runs it: two worker processes on one database (as the app's
// role, with the real pg-boss), the work shared between them with nothing done twice, each
// answering its probes (liveness and readiness) on its operations port, and each stopping within a process manager's 5 s
// grace on SIGTERM. The mail outbox stands for the work: its Message-IDs count each delivery.

const ROOT = import.meta.dirname;
const MESSAGES = 30;
const workers: ChildProcess[] = [];
let smtp: SmtpSink;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let db: ReturnType<typeof createPrismaClient>;

beforeAll(async () => {
  [smtp, database] = await Promise.all([startSmtpSink({ answerDelayMs: 20 }), ownDatabase()]);
  useMailTestEnv(database.urls.appUrl, smtp.port);
  db = createPrismaClient(database.urls.appUrl);
});
afterAll(async () => {
  for (const child of workers) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await db.$disconnect();
  await closeDb();
  await smtp.close();
  await database.drop();
});

/** A worker with an operations port the system chooses; resolves with that port's address once it is ready. */
function startWorker(env: Record<string, string> = {}): {
  child: ChildProcess;
  ready: Promise<string>;
  output: () => string;
} {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "worker.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", JOBS_ENABLED: "false", METRICS_PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  workers.push(child);
  let output = "";
  const ready = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Worker ready \(operations port (\S+)\)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`the worker exited (${code}) before it was ready:\n${output}`)));
  });
  return { child, ready, output: () => output };
}

/** The app processes' backends on the database of `url` (the pool, pg-boss, the listeners; not this file's own clients). */
async function workerBackends(url: string): Promise<number> {
  const sql = new pg.Client({ connectionString: url, application_name: "worker.test" });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
         AND (application_name IN ('ledgerlane-app', 'ledgerlane-jobs') OR application_name LIKE 'ledgerlane listen %')`,
    );
    return rows[0]!.n;
  } finally {
    await sql.end();
  }
}

function exited(child: ChildProcess): Promise<{ code: number | null; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, ms: performance.now() - started })));
}

describe("npm run worker", () => {
  it(
    "two workers share the outbox's jobs, each message sent once, answer their probes, and stop on SIGTERM within 5 s",
    { timeout: 120_000 },
    async () => {
      // JOBS_ENABLED=false in the environment they share with the web processes: a worker runs jobs all the same.
      const first = startWorker();
      const second = startWorker();
      const addresses = await Promise.all([first.ready, second.ready]);
      for (const address of addresses) {
        const health = await fetch(`${address}/api/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({ ok: true, data: { status: "ok" } });
        // Ready: its database, the migrations, and the jobs it runs (pg-boss started, no schedule late, no backlog).
        const ready = await fetch(`${address}/api/ready`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toMatchObject({
          ok: true,
          data: { checks: { database: "ok", migrations: "ok", jobs: "ok" } },
        });
        expect((await fetch(`${address}/`)).status).toBe(404);
      }

      await db.$transaction(async (tx) => {
        for (let i = 0; i < MESSAGES; i += 1)
          await enqueueMail(tx, {
            idempotencyKey: `worker-${i}`,
            to: `person${i}@example.com`,
            locale: "en",
            kind: "test",
            subject: `Message ${i}`,
            text: "body",
          });
      });
      const sql = new pg.Client({ connectionString: database.urls.appUrl });
      await sql.connect();
      try {
        for (;;) {
          const { rows } = await sql.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL",
          );
          if (rows[0]!.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const ids = smtp.received.map((message) => message.messageId);
        expect(ids).toHaveLength(MESSAGES);
        expect(new Set(ids).size).toBe(MESSAGES);
      } finally {
        await sql.end();
      }

      // Each holds connections (its pool, pg-boss's, its listeners) until it stops, and none after.
      const backends = () => workerBackends(database.urls.appUrl);
      expect(await backends()).toBeGreaterThan(0);
      const stops = [exited(first.child), exited(second.child)];
      first.child.kill("SIGTERM");
      second.child.kill("SIGTERM");
      for (const stop of await Promise.all(stops)) {
        expect(stop.code).toBe(143);
        expect(stop.ms).toBeLessThan(5_000);
      }
      for (const worker of [first, second])
        expect(worker.output()).toContain("the worker stopped: jobs handed back, database closed");
      // A backend ends a moment after its client said goodbye.
      await expect.poll(backends, { timeout: 2_000 }).toBe(0);
    },
  );

  it("refuses to start, saying why, without a valid configuration", { timeout: 60_000 }, async () => {
    const worker = startWorker({ DATABASE_URL: "" });
    const stop = await exited(worker.child);
    expect(stop.code).toBe(1);
    expect(worker.output()).toContain("Cannot start the worker");
    expect(worker.output()).toContain("DATABASE_URL");
    await worker.ready.catch(() => undefined);
  });
});
