import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetTestClock, setTestClockOffset } from "@/lib/clock";
import { closeDb, createPrismaClient } from "@/lib/db/client";
import { MAIL_QUEUES } from "@/features/mail/queues";
import { enqueueMail, type MailInput } from "./outbox";
import { useMailTestEnv } from "./testing/mail-env";
import { ownDatabase } from "./testing/own-database";
import { startSmtpSink, type SmtpSink } from "./testing/smtp-sink";
import { messageIdFor } from "./transport";
import { retryDelayMs } from "./worker";

// The outbox sent by its pg-boss jobs, as an app process runs them (startMailJobs: pg-boss as the
// app's role, on a database of the file's own) against a real SMTP server: a row's job commits
// with it, and a refused send's retry is a job due at the row's own backoff.

let smtp: SmtpSink;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let db: ReturnType<typeof createPrismaClient>;
let sql: pg.Client;

beforeAll(async () => {
  [smtp, database] = await Promise.all([startSmtpSink(), ownDatabase()]);
  useMailTestEnv(database.urls.appUrl, smtp.port);
  db = createPrismaClient(database.urls.appUrl);
  sql = new pg.Client({ connectionString: database.urls.appUrl });
  await sql.connect();
  const { startMailJobs } = await import("./jobs");
  await startMailJobs();
});
afterAll(async () => {
  const { stopBoss } = await import("@/lib/jobs/boss");
  await stopBoss();
  resetTestClock();
  await sql.end();
  await db.$disconnect();
  await closeDb();
  await smtp.close();
  await database.drop();
});

function mail(key: string): MailInput {
  return {
    idempotencyKey: key,
    to: `${key}@example.com`,
    locale: "en",
    kind: "test",
    subject: `Subject ${key}`,
    text: `Text ${key}`,
  };
}

interface JobRow {
  id: string;
  state: string;
  due_in_ms: number;
}

async function jobsOf(key: string): Promise<JobRow[]> {
  const { rows } = await sql.query<JobRow>(
    `SELECT id, state::text, (extract(epoch FROM start_after - now()) * 1000)::float8 AS due_in_ms
     FROM pgboss.job WHERE name = $1 AND data->>'key' = $2 ORDER BY created_on`,
    [MAIL_QUEUES.outbox, key],
  );
  return rows;
}

const received = (key: string) => smtp.received.filter((m) => m.to[0] === `${key}@example.com`);

describe("the outbox's pg-boss jobs", () => {
  it("send a queued mail once, with its key's Message-ID; a rolled-back change leaves neither row nor job", async () => {
    await expect(
      db.$transaction(async (tx) => {
        await enqueueMail(tx, mail("rolled-back"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await jobsOf("rolled-back")).toEqual([]);

    await db.$transaction((tx) => enqueueMail(tx, mail("by-job")));
    expect(await db.$transaction((tx) => enqueueMail(tx, mail("by-job")))).toBe(false);
    await vi.waitFor(() => expect(received("by-job")).toHaveLength(1), { timeout: 15_000, interval: 100 });
    expect(received("by-job")[0]!.messageId).toBe(messageIdFor("by-job"));
    await vi.waitFor(async () => expect((await jobsOf("by-job")).map((job) => job.state)).toEqual(["completed"]), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await db.mailOutbox.findUniqueOrThrow({ where: { idempotencyKey: "by-job" } })).toMatchObject({
      attempts: 1,
      lockedUntil: null,
    });
  });

  it("retry a refused send by a job due at the row's backoff (not a sweep's), then send it with the same Message-ID", async () => {
    smtp.refuseNext(1, 451);
    await db.$transaction((tx) => enqueueMail(tx, mail("backoff")));
    await vi.waitFor(async () => expect(await jobsOf("backoff")).toHaveLength(2), { timeout: 15_000, interval: 100 });
    const row = await db.mailOutbox.findUniqueOrThrow({ where: { idempotencyKey: "backoff" } });
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null, lastError: "SMTP 451" });
    const backoff = row.nextAttemptAt.getTime() - Date.now();
    expect(backoff).toBeGreaterThan(retryDelayMs(1, 0) - 2_000);
    expect(backoff).toBeLessThanOrEqual(retryDelayMs(1, 1));
    const [first, retry] = await jobsOf("backoff");
    expect(first!.state).toBe("completed");
    // The retry's job is due when the row is, give or take the moment between the two reads.
    expect(retry).toMatchObject({ state: "created" });
    expect(Math.abs(retry!.due_in_ms - backoff)).toBeLessThan(2_000);
    expect(received("backoff")).toEqual([]);
    expect(smtp.refused.map((m) => m.messageId)).toEqual([messageIdFor("backoff")]);

    // The backoff passes (the app's clock for the row, pg-boss's start time for its job): the worker sends it.
    setTestClockOffset(backoff + 1_000);
    await sql.query("UPDATE pgboss.job SET start_after = now() WHERE id = $1", [retry!.id]);
    await vi.waitFor(() => expect(received("backoff")).toHaveLength(1), { timeout: 15_000, interval: 100 });
    expect(received("backoff")[0]!.messageId).toBe(messageIdFor("backoff"));
    await vi.waitFor(
      async () =>
        expect(await db.mailOutbox.findUniqueOrThrow({ where: { idempotencyKey: "backoff" } })).toMatchObject({
          attempts: 2,
          lastError: null,
        }),
      { timeout: 10_000, interval: 100 },
    );
  });
});
