// upstream_budget_overshoot (issue #26): with the payroll budget set to 60 a minute
// (UPSTREAM_BUDGET_PAYROLL_PER_MINUTE) and the sandbox refusing a key's 61st request of a minute
// (429), two app processes refresh a firm of 300 companies with the overview's refresh jobs
// (`overview-refresh`, pg-boss) while a person works in a third (interactive requests), all with
// the same API key: four workspaces connected to the firm, so each process runs refresh jobs.
// The figure: the largest excess of any wall-clock minute, max over minutes of (requests the
// sandbox saw with that key − 60), floored at 0, plus the 429s the sandbox answered. Goal 0.
// The run lasts from the refreshes' start to the end of the next full minute (60–120 s): a full
// refresh at 60 a minute takes over five minutes, and two windows (one whole) show whether the
// budget holds. The processes are Node processes with the app's modules (budget, pg-boss, jobs),
// not its HTTP server. The database is BENCH_DATABASE_URL, else the machine's, else the embedded one.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { benchAppEnvironment } from "../../../scripts/lib/bench-app-environment";
import { startSandbox } from "../../../sandbox/server";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const BUDGET = 60;
const COMPANIES = 300;
const WORKSPACES = 4;
const PERSON_EVERY_MS = 6_000;

const sandbox = await startSandbox({ port: 0 });
const control = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${sandbox.url}/control${route}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
};
const firm = await control<{ api_key: string }>("POST", "/payroll/customers", {
  companies: COMPANIES,
  name: "Lohnbüro Budget",
});
await control("POST", "/limits", { payroll_per_minute: BUDGET });
const database = await benchAppEnvironment("ledgerlane_budget_bench");
Object.assign(process.env, {
  PAYROLL_BASE_URL: `${sandbox.url}/payroll`,
  UPSTREAM_BUDGET_PAYROLL_PER_MINUTE: String(BUDGET),
  JOBS_ENABLED: "true",
});

// This process is the person's app process: on the shared budget, interactive (no job).
const { enableSharedUpstreamBudget } = await import("./upstream-budget");
const { getDb } = await import("../../db/client");
const { connectPayroll, clientForConnection } = await import("../../../features/payroll/connection/server/connection");
const { enqueueRefresh } = await import("../../../features/overview/server/jobs");
const { PayrollRateLimitedError } = await import("../../../features/payroll/errors");
enableSharedUpstreamBudget();

const db = getDb();
const owner = await db.user.create({
  data: { accountingUserId: `budget-bench:${randomUUID()}`, displayName: "Bench Owner" },
});
const connections: string[] = [];
for (let index = 0; index < WORKSPACES; index += 1) {
  const workspace = await db.workspace.create({
    data: { name: `Lohnbüro Budget ${index + 1}`, members: { create: { userId: owner.id, roles: ["owner"] } } },
  });
  connections.push(
    (await connectPayroll({ userId: owner.id, workspaceId: workspace.id }, { apiKey: firm.api_key }, null)).id,
  );
}

function startWorker(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "lib/http/server/testing/budget-bench-worker.ts"],
      { cwd: ROOT, env: process.env, stdio: ["ignore", "pipe", "inherit"] },
    );
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString("utf8").includes("ready")) resolve(child);
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`a worker process ended early (${code})`)));
  });
}
const workers = await Promise.all([startWorker(), startWorker()]);
await enqueueRefresh(connections);
const until = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;

// The person: every 6 s, the companies or one company's employees, as the payroll pages read them.
const person = { requests: 0, refused: 0, failed: 0, latencies: [] as number[] };
const client = await clientForConnection(connections[0]!);
for (let turn = 0; Date.now() < until; turn += 1) {
  const started = performance.now();
  try {
    await (turn % 3 === 0 ? client.listCompanies() : client.listEmployees(100_001 + ((turn * 37) % COMPANIES)));
    person.latencies.push(performance.now() - started);
  } catch (error) {
    if (error instanceof PayrollRateLimitedError) person.refused += 1;
    else person.failed += 1;
  }
  person.requests += 1;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(PERSON_EVERY_MS, until - Date.now()))));
}
for (const worker of workers) {
  worker.removeAllListeners("exit");
  worker.kill("SIGTERM");
}

const stats = await control<{ per_minute: Record<string, Record<string, number>>; rate_limited: number }>(
  "GET",
  "/stats",
);
const minutes = stats.per_minute[`payroll:${firm.api_key}`] ?? {};
const excess = Math.max(0, ...Object.values(minutes).map((seen) => seen - BUDGET));
const refreshed = await db.payrollCompanyState.count({
  where: { connectionId: { in: connections }, refreshedAt: { not: null } },
});
const sorted = [...person.latencies].sort((a, b) => a - b);
const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;

console.log(`upstream_budget_overshoot: ${excess + stats.rate_limited} requests`);
console.error(
  `(sandbox per minute: ${JSON.stringify(minutes)}; its 429s: ${stats.rate_limited}; companies refreshed meanwhile: ${refreshed}` +
    ` of ${WORKSPACES} × ${COMPANIES}; person: ${person.requests} requests, ${person.refused} refused for the budget,` +
    ` ${person.failed} failed, p50 ${p50.toFixed(1)} ms)`,
);
await db.$disconnect();
await sandbox.close();
await database.stop();
process.exit(0);
