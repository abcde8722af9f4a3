// The firm overview's stored state for a large firm: a payroll customer with 300 client companies
// (the sandbox's `POST /control/payroll/customers`), connected to a workspace, then
//   overview_refresh_300_s  one refresh job (`overview-refresh`, taken by this process's pg-boss
//                           workers) until all 300 companies' states are stored again: the
//                           companies' list, each company's employees (one call each) and its
//                           month's checks, within the service's per-key budget;
//   overview_query_300_ms   the overview's query for those 300 rows (features/overview/server/rows.ts:
//                           Postgres only, dates per Land, sorted), median of 9 after one warm-up.
// The sandbox runs in a process of its own on OVERVIEW_BENCH_SANDBOX_PORT (4570); the database is
// BENCH_DATABASE_URL, else a fresh database of the machine's Postgres, else the embedded one.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { benchAppEnvironment } from "../../../scripts/lib/bench-app-environment";
import { ProcessGroup, waitForHttp } from "../../../scripts/lib/processes";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SANDBOX_PORT = Number(process.env.OVERVIEW_BENCH_SANDBOX_PORT ?? 4570);
const SANDBOX = `http://127.0.0.1:${SANDBOX_PORT}`;
const COMPANIES = 300;
const QUERIES = 9;
const TIMEOUT_MS = 15 * 60_000;

const group = new ProcessGroup();
group.stopOnSignals();
group.spawn("sandbox", process.execPath, ["--import", "tsx", path.join(ROOT, "sandbox/main.ts")], {
  ...process.env,
  SANDBOX_PORT: String(SANDBOX_PORT),
});
await waitForHttp(`${SANDBOX}/.well-known/sandbox.json`);
const database = await benchAppEnvironment("ledgerlane_overview_bench");
const discovery = (await (await fetch(`${SANDBOX}/.well-known/sandbox.json`)).json()) as {
  payroll: { base_url: string };
};
process.env.PAYROLL_BASE_URL = discovery.payroll.base_url;

const firm = (await (
  await fetch(`${SANDBOX}/control/payroll/customers`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ companies: COMPANIES, name: "Lohnbüro Bench" }),
  })
).json()) as { api_key: string };

const { getDb } = await import("../../../lib/db/client");
const { connectPayroll } = await import("../../payroll/connection/server/connection");
const { getBoss, stopBoss } = await import("../../../lib/jobs/boss");
const { enqueueRefresh, startOverviewJobs } = await import("./jobs");
const { overviewFor } = await import("./rows");

const db = getDb();
const owner = await db.user.create({
  data: { accountingUserId: `overview-bench:${randomUUID()}`, displayName: "Bench Owner" },
});
const workspace = await db.workspace.create({
  data: { name: "Lohnbüro Bench", members: { create: { userId: owner.id, roles: ["owner"] } } },
});
const connection = await connectPayroll(
  { userId: owner.id, workspaceId: workspace.id },
  { apiKey: firm.api_key },
  null,
);
const companies = await db.payrollCompany.count({ where: { connectionId: connection.id } });
if (companies !== COMPANIES) throw new Error(`expected ${COMPANIES} companies, the connection reaches ${companies}`);

await getBoss();
await startOverviewJobs();
const started = new Date();
const t0 = performance.now();
await enqueueRefresh([connection.id]);
let refreshed = 0;
while (refreshed < COMPANIES) {
  if (performance.now() - t0 > TIMEOUT_MS)
    throw new Error(`only ${refreshed} of ${COMPANIES} companies refreshed within 15 minutes`);
  await new Promise((resolve) => setTimeout(resolve, 250));
  refreshed = await db.payrollCompanyState.count({
    where: { connectionId: connection.id, refreshedAt: { gte: started } },
  });
}
const refreshSeconds = (performance.now() - t0) / 1000;
const failed = await db.payrollCompanyState.count({ where: { connectionId: connection.id, lastError: { not: null } } });

const viewer = { userId: owner.id, workspaceId: workspace.id, roles: ["owner"] as const };
const all = { show: [], connection: null, q: null };
const rows = (await overviewFor(viewer, all)).rows.length;
const timings: number[] = [];
for (let round = 0; round < QUERIES; round += 1) {
  const start = performance.now();
  await overviewFor(viewer, all);
  timings.push(performance.now() - start);
}
const median = [...timings].sort((a, b) => a - b)[Math.floor(timings.length / 2)]!;

console.error(`(overview bench: ${database.kind}; ${rows} rows; ${failed} companies with a refresh error)`);
console.log(`overview_refresh_300_s: ${refreshSeconds.toFixed(1)} s`);
console.log(`overview_query_300_ms: ${median.toFixed(0)} ms`);
await stopBoss();
await db.$disconnect();
await database.stop();
await group.stop();
process.exit(0);
