// acknowledge_by_rule_1000_ms: one request's work when a clerk acknowledges the "no lines" warnings
// of a 1,000-employee company at once (features/month-close/server/acknowledgements.ts `acknowledgeWarnings`:
// the checks run once, 1,000 acknowledgements and 1,000 audit entries in one transaction), median
// of rounds, each on a month without acknowledgements. Beside it, the audit trail alone: 1,000
// entries one `recordAudit` at a time against one `recordAuditMany` (why the batch variant exists).
// The database: BENCH_DATABASE_URL, else a fresh database of the machine's Postgres, else the
// embedded one in a process of its own.
import { randomUUID } from "node:crypto";
import { benchAppEnvironment } from "../../../scripts/lib/bench-app-environment";
import type { CheckContext } from "../gate";

const ROUNDS = 7;
const EMPLOYEES = 1_000;

const database = await benchAppEnvironment("ledgerlane_acknowledge_bench");

const { getDb } = await import("../../../lib/db/client");
const { recordAudit, recordAuditMany } = await import("../../../lib/audit/server/record");
const { acknowledgeWarnings } = await import("./acknowledgements");
const { monthGate, warningId } = await import("../gate");

const db = getDb();
const user = await db.user.create({
  data: { accountingUserId: `acknowledge-bench:${randomUUID()}`, displayName: "Bench Clerk" },
});
const workspace = await db.workspace.create({
  data: { name: "Bench firm", members: { create: { userId: user.id, roles: ["clerk"] } } },
});
const connection = await db.payrollConnection.create({
  data: {
    workspaceId: workspace.id,
    createdById: user.id,
    baseUrl: "http://127.0.0.1:9/payroll",
    username: "bench",
    apiKeyEncrypted: "not-a-key",
  },
});
const actor = { workspaceId: workspace.id, userId: user.id, name: "Bench Clerk", roles: ["clerk"] as const };
const key = { connectionId: connection.id, companyId: 2001, period: "2026-11" };
// The large company with no line this month: a "no lines" warning per employee.
const context: CheckContext = {
  employees: Array.from({ length: EMPLOYEES }, (_, index) => ({
    id: index + 1,
    firstName: "Bench",
    lastName: `Employee ${index + 1}`,
    healthInsurance: null,
  })),
  insurers: [],
  employeeSettings: [],
  company: { federalState: null, monthlyHoursLimit: 208 },
  publicHolidays: [],
  previous: null,
};
const ids = monthGate({ ...context, month: { period: key.period, hours: [], payments: [] } }, new Set()).warnings.map(
  warningId,
);
if (ids.length !== EMPLOYEES) throw new Error(`expected ${EMPLOYEES} warnings, got ${ids.length}`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const timed = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

const byRule: number[] = [];
const oneByOne: number[] = [];
const batch: number[] = [];
const entries = ids.map((id, index) => ({
  kind: "month_close.acknowledged" as const,
  companyId: 2001,
  period: "2026-11",
  subjectId: randomUUID(),
  details: { warningId: id, employeeId: index + 1 },
}));
for (let round = 0; round < ROUNDS; round += 1) {
  await db.monthClose.deleteMany({ where: { connectionId: connection.id } });
  byRule.push(
    await timed(() =>
      acknowledgeWarnings(key, actor, context, { warningIds: ids, comment: "Lines come with next month's import" }),
    ),
  );
  oneByOne.push(
    await timed(() =>
      db.$transaction(
        async (tx) => {
          for (const entry of entries) await recordAudit(tx, actor, entry);
        },
        { timeout: 60_000 },
      ),
    ),
  );
  batch.push(await timed(() => db.$transaction((tx) => recordAuditMany(tx, actor, entries))));
}
const recorded = await db.auditEntry.count({ where: { workspaceId: workspace.id, kind: "month_close.acknowledged" } });
console.error(`(acknowledge bench: ${database.kind}; ${ROUNDS} rounds; ${recorded} audit entries recorded)`);
console.log(`acknowledge_by_rule_1000_ms: ${median(byRule).toFixed(0)} ms`);
console.log(`audit_1000_one_by_one_ms: ${median(oneByOne).toFixed(0)} ms`);
console.log(`audit_1000_batch_ms: ${median(batch).toFixed(0)} ms`);
await db.$disconnect();
await database.stop();
process.exit(0);
