import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownDatabase } from "./testing/own-database";
import { useMailTestEnv } from "./testing/mail-env";
import { startSmtpSink, type SmtpSink } from "./testing/smtp-sink";
import { LEASE_MS } from "./worker";

// The outbox worker in a process of its own, killed with SIGKILL while the SMTP server is slow to
// answer a message, then started again (its clock past the dead one's lease): every message
// arrives, none twice (counted by Message-ID at a real SMTP server).

const ROOT = path.resolve(import.meta.dirname, "../../..");
const MESSAGES = 24;
const children: ChildProcess[] = [];
let smtp: SmtpSink;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let sql: pg.Client;
let onMessageEnd: (count: number) => void = () => {};

beforeAll(async () => {
  [smtp, database] = await Promise.all([
    startSmtpSink({ answerDelayMs: 250, onMessageEnd: (count) => onMessageEnd(count) }),
    ownDatabase(),
  ]);
  useMailTestEnv(database.urls.appUrl, smtp.port);
  sql = new pg.Client({ connectionString: database.urls.appUrl });
  await sql.connect();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await sql.end();
  await smtp.close();
  await database.drop();
});

function startWorker(clockOffsetMs: number): ChildProcess {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "features/mail/server/outbox-worker.fixture.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      TEST_CONTROLS: "true",
      JOBS_ENABLED: "true",
      MAIL_FIXTURE_CLOCK_OFFSET_MS: String(clockOffsetMs),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
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

async function unsent(): Promise<number> {
  const { rows } = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL");
  return rows[0]!.n;
}

describe("the outbox worker killed mid-send", () => {
  it("loses no e-mail and sends none twice across two kill -9 and restarts", { timeout: 120_000 }, async () => {
    for (let i = 0; i < MESSAGES; i += 1) {
      await sql.query(
        `INSERT INTO mail_outbox (idempotency_key, to_address, locale, kind, subject, text) VALUES ($1, $2, 'en', 'test', $3, 'body')`,
        [`crash-${i}`, `person${i}@example.com`, `Message ${i}`],
      );
    }
    // First process: killed while the server holds its 6th message's answer back.
    let reached = messageEnded(6);
    const first = startWorker(0);
    await reached;
    await killed(first);
    // Second: its clock past the first one's lease; killed during its own 6th.
    reached = messageEnded(smtp.received.length + 6);
    const second = startWorker(LEASE_MS + 5_000);
    await reached;
    await killed(second);
    // Third: finishes.
    startWorker(2 * (LEASE_MS + 5_000));
    const deadline = Date.now() + 90_000;
    while ((await unsent()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));

    expect(await unsent()).toBe(0);
    const ids = smtp.received.map((mail) => mail.messageId);
    expect(ids).toHaveLength(MESSAGES);
    expect(new Set(ids).size).toBe(MESSAGES);
    const { rows } = await sql.query<{ attempts: number }>("SELECT attempts FROM mail_outbox WHERE attempts > 1");
    // The two messages in flight at the kills were tried again.
    expect(rows).toHaveLength(2);
  });
});
