// upstream_budget_overshoot: with the payroll budget set to 60 a minute and the sandbox refusing
// a key's 61st request of a minute (429), two app processes refresh a firm of 300 companies as
// background work while a person works in a third (interactive requests), all with the same
// key. The figure is the sum of (a) the largest excess of any wall-clock minute, max over minutes
// of (requests the sandbox saw with that key − 60), floored at 0, and (b) the 429s the sandbox
// answered; goal 0. The run lasts until the end of the next full minute (60–120 s): a full
// refresh at 60 a minute takes five minutes, and two windows (one whole) show whether the budget
// holds. Processes: Node processes running the app's payroll client on the shared budget (not
// the HTTP server; the budget is the same code either way). Database as the proxy bench's.
import { spawn } from "node:child_process";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { migrateDatabase } from "../../../scripts/db/migrate";
import { benchDatabase } from "../../../scripts/lib/machine-database";
import { startSandbox } from "../../../sandbox/server";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const BUDGET = 60;
const COMPANIES = 300;

const sandbox = await startSandbox({ port: 0 });
const control = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${sandbox.url}/control${route}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
};
const firm = await control<{ api_key: string; companies: { id: number }[] }>("POST", "/payroll/customers", { companies: COMPANIES });
await control("POST", "/limits", { payroll_per_minute: BUDGET });
const database = await benchDatabase("ledgerlane_budget_bench");
await migrateDatabase(database.url);
console.error(`(budget bench: ${database.kind}; ${COMPANIES} companies, budget ${BUDGET} a minute)`);

const until = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: database.url,
  NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
  TOKEN_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString("base64")}`,
  ACCOUNTING_AUTH_URL: `${sandbox.url}/accounting/authorize`,
  ACCOUNTING_TOKEN_URL: `${sandbox.url}/accounting/oauth/token`,
  ACCOUNTING_REVOKE_URL: `${sandbox.url}/accounting/oauth/revoke`,
  ACCOUNTING_BASE_URL: `${sandbox.url}/accounting/v3.1`,
  ACCOUNTING_CLIENT_ID: "ledgerlane-dev",
  ACCOUNTING_CLIENT_SECRET: "ledgerlane-dev-secret",
  PAYROLL_BASE_URL: `${sandbox.url}/payroll`,
  UPSTREAM_BUDGET_PAYROLL_PER_MINUTE: String(BUDGET),
  BENCH_API_KEY: firm.api_key,
  BENCH_UNTIL: String(until),
  BENCH_COMPANY_IDS: firm.companies.map((company) => company.id).join(","),
};

interface WorkerResult {
  role: string;
  requests: number;
  refused: number;
  failed: number;
  latenciesMs: number[];
}

function run(role: "refresh" | "person"): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "lib/http/server/testing/budget-bench-worker.ts"],
      { cwd: ROOT, env: { ...env, BENCH_ROLE: role }, stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !line.startsWith("{")) reject(new Error(`${role} worker ended with ${code}: ${out}`));
      else resolve(JSON.parse(line) as WorkerResult);
    });
  });
}

const [one, two, person] = await Promise.all([run("refresh"), run("refresh"), run("person")]);
const stats = await control<{ per_minute: Record<string, Record<string, number>>; rate_limited: number }>("GET", "/stats");
const minutes = stats.per_minute[`payroll:${firm.api_key}`] ?? {};
const excess = Math.max(0, ...Object.values(minutes).map((seen) => seen - BUDGET));
const sorted = [...person!.latenciesMs].sort((a, b) => a - b);
const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;

console.log(`upstream_budget_overshoot: ${excess + stats.rate_limited} requests`);
console.error(
  `(sandbox per minute: ${JSON.stringify(minutes)}; its 429s: ${stats.rate_limited}; refresh requests ${one!.requests + two!.requests}` +
    ` (failed ${one!.failed + two!.failed + one!.refused + two!.refused}); person: ${person!.requests} requests, ${person!.refused} refused` +
    ` for the budget, ${person!.failed} failed, p50 ${p50.toFixed(1)} ms)`,
);
await sandbox.close();
await database.stop();
process.exit(0);
