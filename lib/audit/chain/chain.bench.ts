// audit_chain_append_ratio: grid saves per second with the hash chain over today's saves (goal
// ≥ 0.85). A save is the hours grid's patch of 3 lines of a 1,000-employee month (as in
// lib/audit/server/audit.bench.ts), recorded in the audit trail both times. Today's: no chain (the
// queue's trigger off). With the chain: the trigger on, and the chainer linking the round's entries
// at its end, in the same process and inside the round's time (in production the worker's sweep
// links them, in another process). Rounds alternate; medians of rounds. Runs as the database's
// superuser (BENCH_DATABASE_URL or the machine's), which may switch the trigger.
// audit_verify_100000_ms: verifying a workspace's chain of 100,000 entries (lib/audit/chain/server/verify.ts; goal
// ≤ 5,000; what makes it fast: docs/audit-trail-verification.md "Speed").
// The database: BENCH_DATABASE_URL, else a fresh database of the machine's Postgres, else the
// embedded one in a process of its own.
import { randomUUID } from "node:crypto";
import { benchAppEnvironment } from "../../../scripts/lib/bench-app-environment";
import type { AuditActor } from "../server/record";

const ROUNDS = 10;
const ROUND_MS = 2_000;
const EMPLOYEES = 1_000;
const TYPES = 9;
const VERIFY_ENTRIES = 100_000;

const database = await benchAppEnvironment("ledgerlane_chain_bench");
process.env.AUDIT_SIGNING_KEY ??= (await import("../../crypto/signing-key")).generateSigningKey();
const { getDb } = await import("../../db/client");
const { patchEntryDraft, saveEntryDraft } = await import("../../../features/payroll/entries/server/drafts");
const { HOURLY_COMPENSATION_TYPES } = await import("../../../features/payroll/entries/kinds");
const { chainPending } = await import("./server/append");
const { verifyWorkspaceChain } = await import("./server/verify");

const db = getDb();
const user = await db.user.create({ data: { accountingUserId: `chain-bench:${randomUUID()}`, displayName: "Bench" } });
const workspace = await db.workspace.create({
  data: { name: "Chain bench", members: { create: { userId: user.id, roles: ["clerk"] } } },
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
const actor: AuditActor = { workspaceId: workspace.id, userId: user.id, name: "Bench" };
const key = { connectionId: connection.id, companyId: 2001, period: "2026-11", kind: "hours" as const };
const line = (index: number, hours: string) => ({
  id: `l${index}`,
  employee_id: 1 + Math.floor(index / TYPES),
  values: { type: HOURLY_COMPENSATION_TYPES[index % TYPES]!, total_hours: hours, total_amount: "13.5", date: "" },
});
const lines = EMPLOYEES * TYPES;
let { revision } = await saveEntryDraft(
  key,
  Array.from({ length: lines }, (_, index) => line(index, "8")),
  null,
);
await db.$executeRawUnsafe("ANALYZE payroll_entry_draft_lines");

let edit = 0;
async function save(): Promise<void> {
  const changes = Array.from({ length: 3 }, () => {
    edit += 1;
    return { ...line((edit * 7919) % lines, String(1 + (edit % 97) / 4)), base: revision };
  });
  ({ revision } = await patchEntryDraft(key, changes, [], actor));
}

async function round(chained: boolean): Promise<number> {
  await db.$executeRawUnsafe(
    `ALTER TABLE audit_entries ${chained ? "ENABLE" : "DISABLE"} TRIGGER audit_entries_chain_enqueue`,
  );
  let saves = 0;
  const start = performance.now();
  while (performance.now() - start < ROUND_MS) {
    await save();
    saves += 1;
  }
  if (chained) await chainPending(workspace.id);
  return (saves * 1000) / (performance.now() - start);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
await round(true);
await round(false);
const withChain: number[] = [];
const without: number[] = [];
for (let index = 0; index < ROUNDS; index += 1) {
  const order = index % 2 === 0 ? [true, false] : [false, true];
  for (const chained of order) (chained ? withChain : without).push(await round(chained));
}
console.error(
  `(chain bench: ${database.kind}; saves/s with the chain ${median(withChain).toFixed(0)}, today's ${median(without).toFixed(0)})`,
);
console.log(`audit_chain_append_ratio: ${(median(withChain) / median(without)).toFixed(2)}`);
await db.$executeRawUnsafe("ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_chain_enqueue");

// 100,000 entries of another workspace, shaped like a grid save's (3 changed cells), then chained.
const big = await db.workspace.create({ data: { name: "Chain bench, 100k" }, select: { id: true } });
await db.$executeRaw`
  INSERT INTO audit_entries (workspace_id, actor_id, actor_name, kind, company_id, period, details, occurred_at)
  SELECT ${big.id}::uuid, ${user.id}::uuid, 'Bench', 'draft.saved', 2001, '2026-11',
    jsonb_build_object('entryKind', 'hours', 'lines', jsonb_build_array(
      jsonb_build_object('id', 'l' || n, 'change', 'changed', 'employeeId', n % 1000, 'cells', jsonb_build_object('total_hours', jsonb_build_array('8', (n % 40)::text))))),
    timestamp '2026-01-01' + n * interval '1 second'
  FROM generate_series(1, ${VERIFY_ENTRIES}) AS n`;
const chainStart = performance.now();
await chainPending(big.id);
const chainMs = performance.now() - chainStart;
const verifyStart = performance.now();
const report = await verifyWorkspaceChain(big.id);
const verifyMs = performance.now() - verifyStart;
if (!report.intact || report.checked !== VERIFY_ENTRIES) throw new Error(`chain bench: ${JSON.stringify(report)}`);
console.error(`(chain bench: chaining 100,000 entries took ${(chainMs / 1000).toFixed(1)} s)`);
console.log(`audit_verify_100000_ms: ${verifyMs.toFixed(0)} ms`);
await db.$disconnect();
await database.stop();
process.exit(0);
