import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, createPrismaClient } from "@/lib/db/client";
import { resetTestClock, setTestClockOffset } from "@/lib/clock";
import { enqueueMail, type MailInput } from "./outbox";
import { useMailTestEnv } from "./testing/mail-env";
import { ownDatabase } from "./testing/own-database";
import { startSmtpSink, type SmtpSink } from "./testing/smtp-sink";
import { messageIdFor } from "./transport";
import { drainOutbox, LEASE_MS, retryDelayMs } from "./worker";

let smtp: SmtpSink;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let db: ReturnType<typeof createPrismaClient>;

beforeAll(async () => {
  [smtp, database] = await Promise.all([startSmtpSink(), ownDatabase()]);
  useMailTestEnv(database.urls.appUrl, smtp.port);
  db = createPrismaClient(database.urls.appUrl);
});
afterAll(async () => {
  await db.$disconnect();
  await closeDb();
  await smtp.close();
  await database.drop();
});
beforeEach(async () => {
  resetTestClock();
  smtp.received.length = 0;
  await db.$executeRaw`DELETE FROM mail_outbox`;
});

function mail(key: string, extra: Partial<MailInput> = {}): MailInput {
  return {
    idempotencyKey: key,
    to: `${key}@example.com`,
    locale: "en",
    kind: "test",
    subject: `Subject ${key}`,
    text: `Text ${key}`,
    ...extra,
  };
}

describe("the mail outbox", () => {
  it("enqueues a key once: the second time is a no-op", async () => {
    expect(await db.$transaction((tx) => enqueueMail(tx, mail("once")))).toBe(true);
    expect(await db.$transaction((tx) => enqueueMail(tx, mail("once", { subject: "another" })))).toBe(false);
    expect(await db.mailOutbox.findMany({ select: { subject: true } })).toEqual([{ subject: "Subject once" }]);
  });

  it("keeps nothing of a transaction that rolled back", async () => {
    await expect(
      db.$transaction(async (tx) => {
        await enqueueMail(tx, mail("rolled-back"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.mailOutbox.count()).toBe(0);
  });

  it("sends through SMTP with a Message-ID derived from the key, text, HTML and headers, and marks it sent", async () => {
    await db.$transaction((tx) =>
      enqueueMail(
        tx,
        mail("full", { html: "<p>Hi &amp; bye</p>", headers: { "List-Unsubscribe": "<https://x.test/u>" } }),
      ),
    );
    expect(await drainOutbox()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received!.to).toEqual(["full@example.com"]);
    expect(received!.messageId).toBe(messageIdFor("full"));
    expect(received!.raw).toMatch(/^List-Unsubscribe: <https:\/\/x\.test\/u>\r$/m);
    expect(received!.raw).toContain("text/html");
    const row = await db.mailOutbox.findUniqueOrThrow({ where: { idempotencyKey: "full" } });
    expect(row).toMatchObject({ attempts: 1, lockedUntil: null, lastError: null });
    expect(row.sentAt).not.toBeNull();
    // Sent rows are not sent again.
    expect(await drainOutbox()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("retries a refused message after its backoff, keeping the last error; sends it then", async () => {
    await db.$transaction((tx) => enqueueMail(tx, mail("retry")));
    smtp.refuseNext(2, 451);
    expect(await drainOutbox()).toEqual({ sent: 0, failed: 1 });
    let row = await db.mailOutbox.findUniqueOrThrow({ where: { idempotencyKey: "retry" } });
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null, lastError: "SMTP 451" });
    // Not before its backoff.
    expect(await drainOutbox()).toEqual({ sent: 0, failed: 0 });
    setTestClockOffset(retryDelayMs(1, 1) + 1_000);
    expect(await drainOutbox()).toEqual({ sent: 0, failed: 1 });
    row = await db.mailOutbox.findUniqueOrThrow({ where: { idempotencyKey: "retry" } });
    expect(row.attempts).toBe(2);
    // The backoff doubles.
    expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(retryDelayMs(1, 1));
    setTestClockOffset(retryDelayMs(1, 1) + retryDelayMs(2, 1) + 2_000);
    expect(await drainOutbox()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((m) => m.messageId)).toEqual([messageIdFor("retry")]);
  });

  it("gives up on a message the server refuses permanently five times, and keeps it", async () => {
    await db.$transaction((tx) => enqueueMail(tx, mail("refused")));
    smtp.refuseNext(5, 550);
    let offset = 0;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await drainOutbox()).toEqual({ sent: 0, failed: 1 });
      offset += retryDelayMs(attempt, 1) + 1_000;
      setTestClockOffset(offset);
    }
    const row = await db.mailOutbox.findUniqueOrThrow({ where: { idempotencyKey: "refused" } });
    expect(row.failedAt).not.toBeNull();
    expect(row.lastError).toBe("SMTP 550");
    expect(await drainOutbox()).toEqual({ sent: 0, failed: 0 });
  });

  it("leaves a row under another sender's lease alone until the lease passes (a sender that died)", async () => {
    await db.$transaction((tx) => enqueueMail(tx, mail("leased")));
    await db.mailOutbox.update({
      where: { idempotencyKey: "leased" },
      data: { lockedUntil: new Date(Date.now() + LEASE_MS), attempts: 1 },
    });
    expect(await drainOutbox()).toEqual({ sent: 0, failed: 0 });
    setTestClockOffset(LEASE_MS + 1_000);
    expect(await drainOutbox()).toEqual({ sent: 1, failed: 0 });
    expect(await db.mailOutbox.findUniqueOrThrow({ where: { idempotencyKey: "leased" } })).toMatchObject({
      attempts: 2,
    });
  });

  it("sends each of 40 messages once with four senders draining at the same time", async () => {
    await db.$transaction(async (tx) => {
      for (let i = 0; i < 40; i += 1) await enqueueMail(tx, mail(`many-${i}`));
    });
    const results = await Promise.all([drainOutbox(), drainOutbox(), drainOutbox(), drainOutbox()]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(40);
    const ids = smtp.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(40);
    expect(ids).toHaveLength(40);
  });
});
