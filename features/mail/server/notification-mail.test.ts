import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, createPrismaClient } from "@/lib/db/client";
import { notificationKinds } from "@/features/notifications/kinds";
import { notify } from "@/features/notifications/server/notify";
import { runDailyDigest } from "./digest";
import { ownDatabase } from "./testing/own-database";
import { useMailTestEnv } from "./testing/mail-env";
import { startSmtpSink, type SmtpSink } from "./testing/smtp-sink";
import { unsubscribeByToken } from "./unsubscribe";
import { unsubscribeToken } from "./unsubscribe-token";
import { drainOutbox } from "./worker";

let smtp: SmtpSink;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let db: ReturnType<typeof createPrismaClient>;
let workspaceId: string;

beforeAll(async () => {
  [smtp, database] = await Promise.all([startSmtpSink(), ownDatabase()]);
  useMailTestEnv(database.urls.appUrl, smtp.port);
  db = createPrismaClient(database.urls.appUrl);
  workspaceId = (await db.workspace.create({ data: { name: "Kanzlei Test" } })).id;
});
afterAll(async () => {
  await db.$disconnect();
  await closeDb();
  await smtp.close();
  await database.drop();
});
beforeEach(() => {
  smtp.received.length = 0;
});

async function person(locale: string, mode = "single") {
  const user = await db.user.create({
    data: {
      accountingUserId: `mail:${randomUUID()}`,
      displayName: "Anna Approver",
      email: `${randomUUID()}@example.com`,
      locale,
    },
  });
  await db.$executeRaw`UPDATE users SET notification_mail_mode = ${mode} WHERE id = ${user.id}::uuid`;
  return user;
}

const submitted = (userIds: string[], dedupeKey: string) =>
  db.$transaction((tx) =>
    notify(tx, {
      userIds,
      kind: "month_submitted",
      dedupeKey,
      workspaceId,
      data: { companyName: "Muster GmbH", period: "2026-11", actorName: "Carl Clerk" },
      link: "/payroll/companies/7/review?month=2026-11",
    }),
  );

describe("notification mails", () => {
  it("are rendered in the person's language with List-Unsubscribe, queued once, and reach the SMTP server", async () => {
    const anna = await person("de");
    await submitted([anna.id], `submitted:${randomUUID()}`);
    const key = `submitted:${randomUUID()}`;
    await submitted([anna.id], key);
    await submitted([anna.id], key);
    const rows = await db.mailOutbox.findMany({ where: { userId: anna.id } });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ toAddress: anna.email, locale: "de", kind: "notification:month_submitted" });
    expect(rows[0]!.subject).toBe("Muster GmbH: November 2026 zur Prüfung eingereicht");
    expect(rows[0]!.headers).toMatchObject({
      "List-Unsubscribe": `<http://localhost:3999/api/mail/unsubscribe/${unsubscribeToken(anna.id, "month_submitted")}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(rows[0]!.text).toContain("http://localhost:3999/payroll/companies/7/review?month=2026-11");
    expect(rows[0]!.text).toContain("http://localhost:3999/settings/notifications");
    expect(await drainOutbox()).toEqual({ sent: 2, failed: 0 });
    expect(smtp.received.map((mail) => mail.to)).toEqual([[anna.email], [anna.email]]);
    expect(smtp.received[0]!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
  });

  it("stop for a kind after the one-click unsubscribe, which keeps the in-app choice", async () => {
    const bert = await person("en");
    const done = await unsubscribeByToken(unsubscribeToken(bert.id, "month_submitted"));
    expect(done).toEqual({ scope: "month_submitted" });
    expect(
      await db.notificationPreference.findMany({
        where: { userId: bert.id },
        select: { kind: true, inApp: true, byEmail: true },
      }),
    ).toEqual([{ kind: "month_submitted", inApp: true, byEmail: false }]);
    await submitted([bert.id], `submitted:${randomUUID()}`);
    expect(await db.mailOutbox.count({ where: { userId: bert.id } })).toBe(0);
    expect(await db.notification.count({ where: { userId: bert.id } })).toBe(1);
    // Twice is the same; a forged token or a person who does not exist changes nothing.
    expect(await unsubscribeByToken(unsubscribeToken(bert.id, "month_submitted"))).toEqual({
      scope: "month_submitted",
    });
    expect(await unsubscribeByToken(`${bert.id}.all.AAAA`)).toBeNull();
    expect(await unsubscribeByToken(unsubscribeToken(randomUUID(), "all"))).toBeNull();
    // The digest's token turns every kind off.
    await unsubscribeByToken(unsubscribeToken(bert.id, "all"));
    expect(await db.notificationPreference.count({ where: { userId: bert.id, byEmail: false } })).toBe(
      notificationKinds().length,
    );
  });

  it("collect for a person in daily-digest mode: one mail a day, idempotent per day", async () => {
    const clara = await person("en", "daily_digest");
    await submitted([clara.id], `submitted:${randomUUID()}`);
    await submitted([clara.id], `submitted:${randomUUID()}`);
    expect(await db.mailOutbox.count({ where: { userId: clara.id } })).toBe(0);
    const day = new Date("2030-01-15T08:00:00Z");
    expect((await runDailyDigest(day)).mails).toBeGreaterThanOrEqual(1);
    expect(await runDailyDigest(day)).toEqual({ mails: 0 });
    let digests = await db.mailOutbox.findMany({ where: { userId: clara.id } });
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ kind: "digest", idempotencyKey: `digest:${clara.id}:2030-01-15` });
    expect(digests[0]!.subject).toBe("Ledgerlane: 2 notifications of 15/01/2030");
    expect(digests[0]!.text.match(/Muster GmbH: November 2026 submitted for review/g)).toHaveLength(2);
    // Told again the same day: it waits for the next day's digest.
    await submitted([clara.id], `submitted:${randomUUID()}`);
    expect(await runDailyDigest(new Date("2030-01-15T20:00:00Z"))).toEqual({ mails: 0 });
    await runDailyDigest(new Date("2030-01-16T08:00:00Z"));
    digests = await db.mailOutbox.findMany({ where: { userId: clara.id }, orderBy: { id: "asc" } });
    expect(digests.map((row) => row.subject)).toEqual([
      "Ledgerlane: 2 notifications of 15/01/2030",
      "Ledgerlane: 1 notification of 16/01/2030",
    ]);
  });
});
