// audit_save_ratio: draft saves per second with the audit trail recording them, divided by the
// same saves without it, in one run (goal ≥ 0.9). A save is what the hours grid sends after an
// edit: a patch of 3 lines of the 1,000-employee month (9,000 lines), each changing one cell,
// through the service function the route calls (features/payroll/entries/server/drafts.ts), one at a time
// as one person's grid sends them. Recording is switched by the function's own `audit`
// argument (null: not recorded). Rounds with and without alternate, so drift (autovacuum, a
// neighbour's load, the table growing) hits both alike; the ratio is of the medians of rounds.
// The database: BENCH_DATABASE_URL, else a fresh database of the machine's Postgres, else the
// embedded one in a process of its own.
import { randomUUID } from "node:crypto";
import { benchAppEnvironment } from "../../../scripts/lib/bench-app-environment";
import type { AuditActor as Actor } from "./record";

const ROUNDS = 12;
const ROUND_MS = 1_000;
const WARMUP_ROUNDS = 2;
const EMPLOYEES = 1_000;
const TYPES_PER_EMPLOYEE = 9;
const LINES_PER_SAVE = 3;

const database = await benchAppEnvironment("ledgerlane_audit_bench");

const { getDb } = await import("../../db/client");
const { patchEntryDraft, saveEntryDraft } = await import("../../../features/payroll/entries/server/drafts");
const { HOURLY_COMPENSATION_TYPES } = await import("../../../features/payroll/entries/kinds");

const db = getDb();
const user = await db.user.create({
  data: { accountingUserId: `audit-bench:${randomUUID()}`, displayName: "Bench Clerk" },
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
const actor: Actor = { workspaceId: workspace.id, userId: user.id, name: "Bench Clerk" };
const key = { connectionId: connection.id, companyId: 2001, period: "2026-11", kind: "hours" as const };

const lineOf = (index: number, hours: string) => ({
  id: `l${index}`,
  employee_id: 1 + Math.floor(index / TYPES_PER_EMPLOYEE),
  values: {
    type: HOURLY_COMPENSATION_TYPES[index % TYPES_PER_EMPLOYEE]!,
    total_hours: hours,
    total_amount: "13.5",
    date: "",
  },
});
const total = EMPLOYEES * TYPES_PER_EMPLOYEE;
let { revision } = await saveEntryDraft(
  key,
  Array.from({ length: total }, (_, index) => lineOf(index, "8")),
  null,
);

// The steady state: the month's lines are known to the planner (autovacuum's ANALYZE), as they
// are once a draft has been worked on for a while.
await db.$executeRawUnsafe("ANALYZE payroll_entry_draft_lines");

let edit = 0;
/** One save: the next 3 lines each get a new number of hours. */
async function save(audit: Actor | null): Promise<void> {
  const changes = Array.from({ length: LINES_PER_SAVE }, () => {
    edit += 1;
    return lineOf((edit * 7919) % total, String(1 + (edit % 97) / 4));
  });
  const base = revision;
  ({ revision } = await patchEntryDraft(
    key,
    changes.map((change) => ({ ...change, base })),
    [],
    audit,
  ));
}

async function round(audit: Actor | null): Promise<number> {
  let saves = 0;
  const start = performance.now();
  while (performance.now() - start < ROUND_MS) {
    await save(audit);
    saves += 1;
  }
  return (saves * 1000) / (performance.now() - start);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (let index = 0; index < WARMUP_ROUNDS; index += 1) {
  await round(actor);
  await round(null);
}
const withAudit: number[] = [];
const without: number[] = [];
for (let index = 0; index < ROUNDS; index += 1) {
  // Alternating which goes first keeps a slow moment from always falling on one side.
  if (index % 2 === 0) {
    withAudit.push(await round(actor));
    without.push(await round(null));
  } else {
    without.push(await round(null));
    withAudit.push(await round(actor));
  }
}
const recorded = await db.auditEntry.count({ where: { workspaceId: workspace.id } });
console.error(
  `(audit bench: ${database.kind}; saves/s with ${median(withAudit).toFixed(0)}, without ${median(without).toFixed(0)}; ${recorded} entries recorded)`,
);
console.log(`audit_save_ratio: ${(median(withAudit) / median(without)).toFixed(2)}`);
await db.$disconnect();
await database.stop();
process.exit(0);
