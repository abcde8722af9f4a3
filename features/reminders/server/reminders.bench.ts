// reminders_300_ms: the reminder run (features/reminders/server/run.ts `runReminders`) on the day a
// point is due for 300 companies with 3 assigned clerks each (a workspace of 30 clerks): the
// companies and months read, the deadlines computed, 900 notifications and 900 e-mails queued
// (each rendered in the person's language), one transaction per company. Median of rounds, each
// on a fresh workspace (a run's keys make a second run the same day a no-op). The database:
// BENCH_DATABASE_URL, else a fresh database of the machine's Postgres, else the embedded one.
import { addBankWorkingDays, cutOffDate, DEFAULT_CUT_OFF_RULE } from "../../deadlines/deadlines";
import { benchAppEnvironment } from "../../../scripts/lib/bench-app-environment";

const ROUNDS = 3;
const COMPANIES = 300;

const database = await benchAppEnvironment("ledgerlane_reminders_bench");
const { getDb } = await import("../../../lib/db/client");
const { runReminders } = await import("./run");
const { seedReminderWorld } = await import("./testing/reminder-world");

const db = getDb();
const times: number[] = [];
let told = 0;
for (let round = 0; round < ROUNDS; round += 1) {
  // Each round a later month on a fresh world; the earlier rounds' connections are disconnected (a run reads every connected one).
  const period = `2031-0${round + 2}`;
  await db.payrollConnection.updateMany({ where: { disconnectedAt: null }, data: { disconnectedAt: new Date() } });
  await seedReminderWorld(db, { clerks: 30, companies: COMPANIES, period, assignedEach: 3 });
  const day = addBankWorkingDays(cutOffDate(period, null, DEFAULT_CUT_OFF_RULE), -2, null);
  const start = performance.now();
  const result = await runReminders(new Date(`${day}T09:00:00Z`));
  times.push(performance.now() - start);
  told = result.told;
  if (result.due !== COMPANIES || result.told !== COMPANIES * 3)
    throw new Error(`expected ${COMPANIES} due and ${COMPANIES * 3} told, got ${JSON.stringify(result)}`);
}
const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
const mails = await db.mailOutbox.count({ where: { kind: "notification:reminder" } });
console.error(
  `(reminders bench: ${database.kind}; ${ROUNDS} rounds; ${told} people told per round; ${mails} mails queued in all)`,
);
console.log(`reminders_300_ms: ${median.toFixed(0)} ms`);
await db.$disconnect();
await database.stop();
process.exit(0);
