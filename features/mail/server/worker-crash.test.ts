import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, createPrismaClient } from "@/lib/db/client";
import { MAIL_QUEUES } from "@/features/mail/queues";
import { enqueueMail } from "./outbox";
import { ownDatabase } from "./testing/own-database";
import { useMailTestEnv } from "./testing/mail-env";
import { startSmtpSink, type SmtpSink } from "./testing/smtp-sink";
import { LEASE_MS } from "./worker";

// The mail jobs (pg-boss and the outbox's worker, as the app's role) in a process of their own,
// killed with SIGKILL while the SMTP server is slow to answer a message, then started again (its
// clock past the dead one's lease, and the dead one's job past its expiry, which is the lease's
// length): pg-boss hands the job out again and every message arrives, none twice (counted by
// Message-ID at a real SMTP server).

const ROOT = path.resolve(import.meta.dirname, "../../..");
const MESSAGES = 24;
const children: ChildProcess[] = [];
let smtp: SmtpSink;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let sql: pg.Client;
let db: ReturnType<typeof createPrismaClient>;
let onMessageEnd: (count: number) => void = () => {};

beforeAll(async () => {
  [smtp, database] = await Promise.all([
    startSmtpSink({ answerDelayMs: 250, onMessageEnd: (count) => onMessageEnd(count) }),
    ownDatabase(),
  ]);
  useMailTestEnv(database.urls.appUrl, smtp.port);
  sql = new pg.Client({ connectionString: database.urls.appUrl });
  await sql.connect();
  db = createPrismaClient(database.urls.appUrl);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await sql.end();
  await db.$disconnect();
  await closeDb();
  await smtp.close();
  await database.drop();
});

function startWorker(clockOffsetMs: number): ChildProcess {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "features/mail/server/outbox-worker.fixture.ts"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        TEST_CONTROLS: "true",
        JOBS_ENABLED: "true",
        MAIL_FIXTURE_CLOCK_OFFSET_MS: String(clockOffsetMs),
      },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[worker ${child.pid}] ${chunk.toString()}`));
  children.push(child);
  return child;
}

/** Resolves when the SMTP server has the data of its `n`-th message in hand (its answer delayed). */
function messageEnded(n: number): Promise<void> {
  return new Promise((resolve) => {
    onMessageEnd = (count) => {
      if (count >= n) resolve();
    };
  });
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/** The outbox's jobs a process was running when it died. */
async function runningJobs(): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>("SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'", [
    MAIL_QUEUES.outbox,
  ]);
  return rows.map((row) => row.id);
}

/**
 * What time does for a dead process's jobs, without the wait: their start moved back past their
 * expiry (the lease's length), so the living process's pg-boss maintenance fails them by timeout
 * and hands them out again; then their retry delay passed too.
 */
async function expire(ids: string[]): Promise<void> {
  await sql.query(
    "UPDATE pgboss.job SET started_on = started_on - expire_in - interval '1 second' WHERE name = $1 AND id = ANY($2::uuid[])",
    [MAIL_QUEUES.outbox, ids],
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rowCount } = await sql.query(
      "UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'retry'",
      [MAIL_QUEUES.outbox, ids],
    );
    if (rowCount === ids.length) return;
    if (Date.now() > deadline) throw new Error("the dead process's jobs were not handed out again");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function unsent(): Promise<number> {
  const { rows } = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL");
  return rows[0]!.n;
}

describe("the outbox worker killed mid-send", () => {
  it("loses no e-mail and sends none twice across two kill -9 and restarts", { timeout: 120_000 }, async () => {
    // Queued as the app queues mail: each row with its job, in one transaction.
    await db.$transaction(async (tx) => {
      for (let i = 0; i < MESSAGES; i += 1) {
        await enqueueMail(tx, {
          idempotencyKey: `crash-${i}`,
          to: `person${i}@example.com`,
          locale: "en",
          kind: "test",
          subject: `Message ${i}`,
          text: "body",
        });
      }
    });
    // First process: killed while the server holds its 6th message's answer back.
    let reached = messageEnded(6);
    const first = startWorker(0);
    await reached;
    await killed(first);
    const firstJobs = await runningJobs();
    expect(firstJobs).toHaveLength(1);
    // Second: its clock past the first one's lease, the first one's job past its expiry; killed during its own 6th.
    reached = messageEnded(smtp.received.length + 6);
    const second = startWorker(LEASE_MS + 5_000);
    await expire(firstJobs);
    await reached;
    await killed(second);
    const secondJobs = await runningJobs();
    expect(secondJobs).toHaveLength(1);
    // Third: finishes.
    startWorker(2 * (LEASE_MS + 5_000));
    await expire(secondJobs);
    const deadline = Date.now() + 90_000;
    while ((await unsent()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));

    expect(await unsent()).toBe(0);
    const ids = smtp.received.map((mail) => mail.messageId);
    expect(ids).toHaveLength(MESSAGES);
    expect(new Set(ids).size).toBe(MESSAGES);
    const { rows } = await sql.query<{ attempts: number }>("SELECT attempts FROM mail_outbox WHERE attempts > 1");
    // The two messages in flight at the kills were tried again, by the jobs pg-boss handed out again.
    expect(rows).toHaveLength(2);
    // Every job ends completed (the last one a moment after its row's mark).
    await vi.waitFor(
      async () => {
        const jobs = await sql.query<{ state: string; n: number }>(
          "SELECT state::text, count(*)::int AS n FROM pgboss.job WHERE name = $1 GROUP BY state",
          [MAIL_QUEUES.outbox],
        );
        expect(jobs.rows).toEqual([{ state: "completed", n: MESSAGES }]);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
