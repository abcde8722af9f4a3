// One "app process" of the bench upstream_budget_overshoot (../upstream-budget.bench.ts), spawned
// by path: it runs the app's own payroll client on the shared request budget configured by env,
// exactly as the app does at start-up, and works until BENCH_UNTIL (epoch ms). Roles:
// - `refresh`: background work, as the overview's refresh jobs: the companies, then each
//   company's employees, four at a time, pass after pass;
// - `person`: a person's requests (interactive), one every BENCH_PERSON_EVERY_MS.
// Prints one JSON line of what it did.
import { clientFor } from "@/lib/payroll/connection/server/connection";
import { closeDb } from "@/lib/db/client";
import { PayrollRateLimitedError } from "@/lib/payroll/errors";
import { serverEnv } from "@/lib/env/server";
import { enableSharedUpstreamBudget } from "../upstream-budget";
import { inBackground } from "../upstream-priority";

const until = Number(process.env.BENCH_UNTIL);
const role = process.env.BENCH_ROLE;
const client = clientFor(serverEnv().PAYROLL_BASE_URL, process.env.BENCH_API_KEY ?? "");
const result = { role, requests: 0, refused: 0, failed: 0, latenciesMs: [] as number[] };
enableSharedUpstreamBudget();

async function counted<T>(call: () => Promise<T>): Promise<T | undefined> {
  const started = performance.now();
  try {
    const value = await call();
    result.latenciesMs.push(performance.now() - started);
    return value;
  } catch (error) {
    if (error instanceof PayrollRateLimitedError) result.refused += 1;
    else result.failed += 1;
    return undefined;
  } finally {
    result.requests += 1;
  }
}

async function refreshPasses(): Promise<void> {
  while (Date.now() < until) {
    const companies = (await counted(() => client.listCompanies())) ?? [];
    let next = 0;
    const worker = async () => {
      while (next < companies.length && Date.now() < until) {
        const company = companies[next++]!;
        await counted(() => client.listEmployees(company.id));
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  }
}

async function personWorks(): Promise<void> {
  const every = Number(process.env.BENCH_PERSON_EVERY_MS ?? 6_000);
  const companyIds = (process.env.BENCH_COMPANY_IDS ?? "").split(",").map(Number);
  for (let turn = 0; Date.now() < until; turn += 1) {
    const companyId = companyIds[turn % companyIds.length]!;
    await counted<unknown>(() => (turn % 3 === 0 ? client.listCompanies() : client.listEmployees(companyId)));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(every, until - Date.now()))));
  }
}

await (role === "refresh" ? inBackground(refreshPasses) : personWorks());
await closeDb();
console.log(JSON.stringify(result));
process.exit(0);
