import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, createPrismaClient } from "@/lib/db/client";
import { addBankWorkingDays, cutOffDate, DEFAULT_CUT_OFF_RULE } from "@/features/deadlines/deadlines";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import { useMailTestEnv } from "@/features/mail/server/testing/mail-env";
import { runReminders } from "./run";
import { seedReminderWorld, type ReminderWorld } from "./testing/reminder-world";

// Reminders against a database of this file's own (a run reads every company of the database).
const PERIOD = "2030-03";
const CUT_OFF = cutOffDate(PERIOD, null, DEFAULT_CUT_OFF_RULE);
/** 10:00 in Berlin on a day (CET in March before the switch: UTC+1). */
const at = (day: string) => new Date(`${day}T09:00:00Z`);

let database: Awaited<ReturnType<typeof ownDatabase>>;
let db: ReturnType<typeof createPrismaClient>;
let world: ReminderWorld;

beforeAll(async () => {
  database = await ownDatabase();
  useMailTestEnv(database.urls.appUrl, 9);
  db = createPrismaClient(database.urls.appUrl);
  world = await seedReminderWorld(db, {
    clerks: 3,
    companies: 6,
    period: PERIOD,
    states: { 1002: "open", 1003: "in_review", 1004: "approved", 1005: "transferred", 1006: "transfer_unclear" },
  });
  // 1001 has an assigned clerk (the first); 1002 none: every clerk.
  await db.payrollCompanyAssignee.create({
    data: { connectionId: world.connectionId, companyId: 1001, userId: world.clerks[0]! },
  });
});
afterAll(async () => {
  await db.$disconnect();
  await closeDb();
  await database.drop();
});

const reminders = () =>
  db.notification.findMany({
    where: { kind: "reminder" },
    select: { userId: true, data: true, dedupeKey: true },
    orderBy: { dedupeKey: "asc" },
  });

describe("the reminder run", () => {
  it("2 bank working days before the cut-off: the clerks of months not submitted, once each; a re-run the same day tells nobody again", async () => {
    const day = addBankWorkingDays(CUT_OFF, -2, null);
    await runReminders(at(day));
    const told = await reminders();
    const byCompany = (companyId: number) =>
      told
        .filter((row) => (row.data as { companyId: number }).companyId === companyId)
        .map((row) => row.userId)
        .sort();
    expect(byCompany(1001)).toEqual([world.clerks[0]]);
    expect(byCompany(1002)).toEqual([...world.clerks].sort());
    for (const companyId of [1003, 1004, 1005, 1006]) expect(byCompany(companyId)).toEqual([]);
    expect(told).toHaveLength(4);
    expect(told[0]!.data).toMatchObject({
      period: PERIOD,
      deadlineKind: "cut_off",
      deadline: CUT_OFF,
      daysBefore: 2,
      companyName: "Firma 1001",
    });
    // The approver is no clerk: never reminded.
    expect(told.some((row) => row.userId === world.approver)).toBe(false);
    // By e-mail too (the kind's default): one mail each.
    expect(await db.mailOutbox.count({ where: { kind: "notification:reminder" } })).toBe(4);

    await runReminders(new Date(at(day).getTime() + 5 * 3600_000));
    // The next day is still point 2's: nothing new either.
    await runReminders(at(addBankWorkingDays(CUT_OFF, -1, null)));
    expect(await reminders()).toHaveLength(4);
    expect(await db.mailOutbox.count({ where: { kind: "notification:reminder" } })).toBe(4);
  });

  it("on the cut-off day the next point; a month submitted meanwhile is left out", async () => {
    await db.monthClose.create({
      data: { connectionId: world.connectionId, companyId: 1001, period: PERIOD, state: "in_review" },
    });
    await runReminders(at(CUT_OFF));
    const fresh = (await reminders()).filter((row) => (row.data as { daysBefore: number }).daysBefore === 0);
    expect(fresh.map((row) => row.userId).sort()).toEqual([...world.clerks].sort());
    expect(fresh.every((row) => (row.data as { companyId: number }).companyId === 1002)).toBe(true);
  });

  it("follow the workspace's points: none chosen, nobody reminded", async () => {
    await db.reminderSettings.create({ data: { workspaceId: world.workspaceId, days: [] } });
    const before = (await reminders()).length;
    await runReminders(at(addBankWorkingDays(CUT_OFF, 1, null)));
    expect(await reminders()).toHaveLength(before);
  });
});

describe("a month handed in by its client, and the client's own reminders", () => {
  it("the clerk is still reminded of a handed-in month; the client only of Open months of their companies, before the cut-off", async () => {
    const other = await seedReminderWorld(db, {
      clerks: 1,
      companies: 3,
      period: PERIOD,
      states: { 1002: "handed_in", 1003: "in_review" },
    });
    const clients = Array.from({ length: 3 }, (_, i) => ({
      id: randomUUID(),
      displayName: `Mandant ${i + 1}`,
      email: `client${i}.${other.workspaceId}@example.com`,
    }));
    await db.user.createMany({ data: clients });
    await db.workspaceMember.createMany({
      data: clients.map((client) => ({
        workspaceId: other.workspaceId,
        userId: client.id,
        roles: ["client" as const],
      })),
    });
    // Each client has one company: 1001 (Open), 1002 (Handed in), 1003 (In review).
    await db.workspaceMemberCompany.createMany({
      data: clients.map((client, i) => ({
        workspaceId: other.workspaceId,
        userId: client.id,
        connectionId: other.connectionId,
        companyId: 1001 + i,
      })),
    });
    const toldHere = async (kind: string) =>
      (
        await db.notification.findMany({
          where: { workspaceId: other.workspaceId, kind },
          select: { userId: true, data: true },
        })
      ).map((row) => `${(row.data as { companyId: number }).companyId}:${row.userId}`);
    await runReminders(at(addBankWorkingDays(CUT_OFF, -5, null)));
    expect((await toldHere("reminder")).sort()).toEqual([`1001:${other.clerks[0]}`, `1002:${other.clerks[0]}`]);
    expect(await toldHere("client_reminder")).toEqual([`1001:${clients[0]!.id}`]);
    expect(await db.mailOutbox.count({ where: { kind: "notification:client_reminder", userId: clients[0]!.id } })).toBe(
      1,
    );

    // After the cut-off (the statement's point): the clerk is reminded, the client no more.
    await runReminders(at(addBankWorkingDays(CUT_OFF, 1, null)));
    expect(await toldHere("client_reminder")).toHaveLength(1);
    expect((await toldHere("reminder")).length).toBeGreaterThan(2);
  });
});
