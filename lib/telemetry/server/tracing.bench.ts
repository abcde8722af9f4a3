// log_overhead_ratio: grid saves per second with JSON logging at info and tracing on, divided by the
// same saves with LOG_LEVEL=silent and tracing off, in one run (goal ≥ 0.95). A save is what the
// hours grid sends after an edit: a patch of 3 lines of the 1,000-employee month (9,000 lines)
// through the service function the route calls (features/payroll/entries/server/drafts.ts), one at
// a time, as lib/audit/server/audit.bench.ts does. "On": the SDK started as a process with a
// collector starts it (lib/telemetry/sdk.ts: scrubbing, batch span processor, Prisma's
// instrumentation), its exporter one that drops every batch in the process (no collector to wait
// on: the network send is the collector's cost, not the app's); each save in a server span, as
// the request's; and one info line per save, as JSON, written to a sink that drops it (stdout is the
// figures'). "Off": the hooks and Prisma's instrumentation switched off, the logger silent.
// Rounds alternate, so drift hits both alike; the ratio is of the medians of rounds.
import { randomUUID } from "node:crypto";
import { benchAppEnvironment } from "../../../scripts/lib/bench-app-environment";

const ROUNDS = 12;
const ROUND_MS = 1_000;
const WARMUP_ROUNDS = 2;
const EMPLOYEES = 1_000;
const TYPES_PER_EMPLOYEE = 9;
const LINES_PER_SAVE = 3;

const database = await benchAppEnvironment("ledgerlane_tracing_bench");

const { trace } = await import("@opentelemetry/api");
const { getDb } = await import("../../db/client");
const { log, setLogTarget } = await import("../../log/logger");
const { withLogContext } = await import("../../log/context");
const { startTracingSdk } = await import("./sdk");
const { patchEntryDraft, saveEntryDraft } = await import("../../../features/payroll/entries/server/drafts");
const { HOURLY_COMPENSATION_TYPES } = await import("../../../features/payroll/entries/kinds");

let exportedSpans = 0;
const spanNames = new Map<string, number>();
const sdk = startTracingSdk({
  serviceName: "ledgerlane-bench",
  exporter: {
    export: (spans, done) => {
      exportedSpans += spans.length;
      for (const span of spans) spanNames.set(span.name, (spanNames.get(span.name) ?? 0) + 1);
      done({ code: 0 });
    },
    shutdown: () => Promise.resolve(),
  },
});
const tracer = trace.getTracer("ledgerlane-bench");
setLogTarget(() => {});

const db = getDb();
const user = await db.user.create({
  data: { accountingUserId: `tracing-bench:${randomUUID()}`, displayName: "Bench Clerk" },
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
await db.$executeRawUnsafe("ANALYZE payroll_entry_draft_lines");

let edit = 0;
async function patch(): Promise<void> {
  const changes = Array.from({ length: LINES_PER_SAVE }, () => {
    edit += 1;
    return lineOf((edit * 7919) % total, String(1 + (edit % 97) / 4));
  });
  const base = revision;
  ({ revision } = await patchEntryDraft(
    key,
    changes.map((change) => ({ ...change, base })),
    [],
    null,
  ));
  log.info({ lines: LINES_PER_SAVE, revision }, "draft saved");
}

/** One save in the request's log context, and, with tracing on, in its server span. */
function save(traced: boolean): Promise<void> {
  const run = () => withLogContext({ requestId: randomUUID(), userId: user.id }, patch);
  if (!traced) return run();
  return tracer.startActiveSpan("PATCH /api/payroll/companies/[companyId]/entries/[kind]/draft", async (span) => {
    try {
      return await run();
    } finally {
      span.end();
    }
  });
}

async function round(on: boolean): Promise<number> {
  sdk.tracingOn(on);
  log.level = on ? "info" : "silent";
  let saves = 0;
  const start = performance.now();
  while (performance.now() - start < ROUND_MS) {
    await save(on);
    saves += 1;
  }
  return (saves * 1000) / (performance.now() - start);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (let index = 0; index < WARMUP_ROUNDS; index += 1) {
  await round(true);
  await round(false);
}
const on: number[] = [];
const off: number[] = [];
for (let index = 0; index < ROUNDS; index += 1) {
  if (index % 2 === 0) {
    on.push(await round(true));
    off.push(await round(false));
  } else {
    off.push(await round(false));
    on.push(await round(true));
  }
}
await sdk.flush();
const names = [...spanNames].sort((a, b) => b[1] - a[1]).slice(0, 8);
console.error(`(spans by name: ${names.map(([name, count]) => `${name} ${count}`).join(", ")})`);
console.error(
  `(tracing bench: ${database.kind}; saves/s with logs and tracing ${median(on).toFixed(0)}, without ${median(off).toFixed(0)}; ${exportedSpans} spans exported and dropped)`,
);
console.log(`log_overhead_ratio: ${(median(on) / median(off)).toFixed(2)} ratio`);
await sdk.stop();
await db.$disconnect();
await database.stop();
process.exit(0);
