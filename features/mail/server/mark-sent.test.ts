import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { resetTestClock, setTestClockOffset } from "@/lib/clock";
import { useMailTestEnv } from "./testing/mail-env";
import { ownDatabase } from "./testing/own-database";
import { startSmtpSink, type SmtpSink } from "./testing/smtp-sink";
import { drainOutbox, LEASE_MS } from "./worker";

// The "sent" mark after the SMTP server's 250, as the app's role against a real SMTP server:
// a database that fails the mark several times, and a process killed (-9) between the 250 and the
// mark, still give one mail each. The failures are the database's own (a trigger that raises, a
// row lock that holds the update), not mocks.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const children: ChildProcess[] = [];
let smtp: SmtpSink;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let journalDir: string;
let app: pg.Client;
let owner: pg.Client;
let beforeAnswer: () => Promise<void> = async () => {};

beforeAll(async () => {
  [smtp, database] = await Promise.all([startSmtpSink({ beforeAnswer: () => beforeAnswer() }), ownDatabase()]);
  journalDir = useMailTestEnv(database.urls.appUrl, smtp.port);
  app = new pg.Client({ connectionString: database.urls.appUrl });
  owner = new pg.Client({ connectionString: database.urls.migrationUrl });
  await Promise.all([app.connect(), owner.connect()]);
  // A mark that fails its first `mark_failures.failures` times (a sequence counts: it outlives the rollback).
  await owner.query(`CREATE TABLE mark_failures (failures int NOT NULL)`);
  await owner.query(`INSERT INTO mark_failures VALUES (0)`);
  await owner.query(`CREATE SEQUENCE mark_attempts`);
  await owner.query(`CREATE FUNCTION fail_mark() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $body$
    BEGIN
      IF nextval('mark_attempts') <= (SELECT failures FROM mark_failures) THEN RAISE EXCEPTION 'the test fails the mark'; END IF;
      RETURN NEW;
    END $body$`);
  await owner.query(`CREATE TRIGGER fail_mark BEFORE UPDATE ON mail_outbox FOR EACH ROW
    WHEN (OLD.sent_at IS NULL AND NEW.sent_at IS NOT NULL) EXECUTE FUNCTION fail_mark()`);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await Promise.all([app.end(), owner.end()]);
  await closeDb();
  await smtp.close();
  await database.drop();
});
beforeEach(async () => {
  resetTestClock();
  smtp.received.length = 0;
  beforeAnswer = async () => {};
  await app.query("DELETE FROM mail_outbox");
  await owner.query("UPDATE mark_failures SET failures = 0");
  await owner.query("ALTER SEQUENCE mark_attempts RESTART");
});

async function enqueue(key: string): Promise<void> {
  await app.query(
    `INSERT INTO mail_outbox (idempotency_key, to_address, locale, kind, subject, text) VALUES ($1, $2, 'en', 'test', 'Subject', 'body')`,
    [key, `${key}@example.com`],
  );
}

async function sentAt(key: string): Promise<Date | null> {
  const { rows } = await app.query<{ sent_at: Date | null }>(
    "SELECT sent_at FROM mail_outbox WHERE idempotency_key = $1",
    [key],
  );
  return rows[0]!.sent_at;
}

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

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("marking an outbox message sent", () => {
  it(
    "retries a mark the database fails six times: one mail, marked sent, never sent again",
    { timeout: 60_000 },
    async () => {
      await enqueue("flaky-mark");
      await owner.query("UPDATE mark_failures SET failures = 6");

      expect(await drainOutbox()).toEqual({ sent: 1, failed: 0 });
      expect(await sentAt("flaky-mark")).not.toBeNull();
      // Six failed marks and the seventh that held.
      expect((await owner.query("SELECT last_value FROM mark_attempts")).rows[0]).toEqual({ last_value: "7" });
      // Later drains, past the lease, find nothing to send.
      setTestClockOffset(LEASE_MS + 5_000);
      expect(await drainOutbox()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(readdirSync(journalDir)).toEqual([]);
    },
  );

  it("does not send again after a kill -9 between the server's 250 and the mark", { timeout: 120_000 }, async () => {
    await enqueue("killed-before-mark");
    // The row is claimed (its lease committed) and the message's data is at the server: hold the
    // row so that the sender's mark waits, then let the server answer 250.
    const holder = new pg.Client({ connectionString: database.urls.appUrl });
    await holder.connect();
    beforeAnswer = async () => {
      beforeAnswer = async () => {};
      await holder.query("BEGIN");
      await holder.query("SELECT id FROM mail_outbox WHERE idempotency_key = 'killed-before-mark' FOR UPDATE");
    };
    const first = startWorker(0);
    let waitingMark = 0;
    await until(async () => {
      const { rows } = await app.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%UPDATE%mail_outbox%sent_at%'",
      );
      waitingMark = rows[0]?.pid ?? 0;
      return waitingMark > 0;
    }, "the sender's mark to wait for the row");
    expect(smtp.received).toHaveLength(1);
    const exited = new Promise((resolve) => first.once("exit", resolve));
    first.kill("SIGKILL");
    await exited;
    // Its update dies with it (Postgres would otherwise carry out the dead client's last statement).
    await app.query("SELECT pg_terminate_backend($1)", [waitingMark]);
    await holder.query("ROLLBACK");
    await holder.end();
    expect(await sentAt("killed-before-mark")).toBeNull();

    // The next process, its clock past the dead one's lease: marks the row from the note, sends nothing.
    startWorker(LEASE_MS + 5_000);
    await until(async () => (await sentAt("killed-before-mark")) !== null, "the row to be marked sent");
    expect(smtp.received).toHaveLength(1);
    await until(async () => readdirSync(journalDir).length === 0, "the note to be forgotten");
  });
});
