// `npm run bench` (a firm at work): one web process as a deployment runs it (`npm run serve`: the
// production build, JOBS_ENABLED=false) and one worker (`npm run worker`) on one database, and 30
// signed-in people of one firm (an owner and 29 clerks, a payroll customer of 300 companies
// connected and refreshed by the worker), each loading in turn `/overview`, `/notifications` and
// the hours grid page of one of the firm's companies, one page every 2 seconds (15 pages a second
// in all, the people's starts spread over the first 2 s) for FIRM_BENCH_SECONDS (default 120).
// Prints
//   firm_30_people_p95_ms    p95 of the page responses (the goal: ≤ 1500 ms on an idle 2-core machine)
//   firm_30_people_p50_ms    their median
//   firm_30_people_pages     how many pages were loaded (errors, answers other than 200, fail the bench)
// A page response is the whole HTML answer of the page's request with the person's session
// cookie, from sending the request to its last byte: the people are HTTP clients (a pool of 30
// keep-alive connections), not 30 browsers (no assets, no client-side requests, no event streams). A page
// whose answer takes longer than 2 s delays that person's next one (no pile-up beyond 30 at once).
// The database: BENCH_DATABASE_URL (an empty one), else a fresh database of the machine's
// Postgres, else the embedded one. FIRM_BENCH_APP_PORT and FIRM_BENCH_SANDBOX_PORT fix the ports
// (default: free ones); FIRM_BENCH_SECONDS shortens a quick check.
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import path from "node:path";
import { Pool } from "undici";
import { migrateDatabase } from "../../scripts/db/migrate";
import { generateSigningKey } from "../crypto/signing-key";
import { benchDatabase } from "../../scripts/lib/machine-database";
import { ensureNextBuild } from "../../scripts/lib/next-build";
import { freePort, ProcessGroup, waitForHttp } from "../../scripts/lib/processes";
import { sandboxClients, upstreamEnvFromDiscovery } from "../../scripts/lib/sandbox-upstream";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PEOPLE = 30;
const COMPANIES = 300;
const PERIOD_MS = 2_000;
const LOAD_MS = Number(process.env.FIRM_BENCH_SECONDS ?? 120) * 1000;
const REFRESH_WAIT_MS = 10 * 60_000;
const REQUEST_TIMEOUT_MS = 60_000;
const DEADLINE = setTimeout(() => {
  console.error("firm bench: took longer than 30 minutes");
  process.exit(1);
}, 30 * 60_000);

process.env.NEXT_DIST_DIR ??= ".next-bench";
const group = new ProcessGroup();
group.stopOnSignals();

const appPort = Number(process.env.FIRM_BENCH_APP_PORT) || (await freePort());
const sandboxPort = Number(process.env.FIRM_BENCH_SANDBOX_PORT) || (await freePort());
const appUrl = `http://localhost:${appPort}`;
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
group.spawn("sandbox", process.execPath, ["--import", "tsx", path.join(ROOT, "sandbox/main.ts")], {
  ...process.env,
  SANDBOX_PORT: String(sandboxPort),
  SANDBOX_SEED_CLIENTS: JSON.stringify(sandboxClients(appUrl)),
});
const discovery = (await (await waitForHttp(`${sandboxUrl}/.well-known/sandbox.json`)).json()) as Parameters<
  typeof upstreamEnvFromDiscovery
>[1];
const database = await benchDatabase("ledgerlane_firm_bench");
group.onStop(database.stop);
await migrateDatabase(database.url);
const env: Record<string, string> = {
  ...upstreamEnvFromDiscovery(sandboxUrl, discovery, appUrl),
  DATABASE_URL: database.url,
  PORT: String(appPort),
  HOST: "127.0.0.1",
  NEXTAUTH_URL: appUrl,
  NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
  TOKEN_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString("base64")}`,
  // `npm run serve` refuses to start without the key that signs the trail's checkpoints, as in production.
  AUDIT_SIGNING_KEY: generateSigningKey(),
  JOBS_ENABLED: "false",
};
Object.assign(process.env, env);

// The firm, seeded as the overview's refresh bench seeds it (features/overview/server/refresh.bench.ts):
// the sandbox's customer of 300 companies connected to a workspace by its owner, here with 29 clerks.
const firm = (await (
  await fetch(`${discovery.control_url}/payroll/customers`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ companies: COMPANIES, name: "Lohnbüro Bench (30 Leute)" }),
  })
).json()) as { api_key: string };
const { wireFeatures } = await import("../composition/wire");
wireFeatures();
const { closeDb, getDb } = await import("../db/client");
const { connectPayroll } = await import("../../features/payroll/connection/server/connection");
const { enqueueRefresh } = await import("../../features/overview/server/jobs");
const { stopBoss } = await import("../jobs/boss");
const { encode } = await import("next-auth/jwt");
const db = getDb();
const people = await Promise.all(
  Array.from({ length: PEOPLE }, (_, index) =>
    db.user.create({ data: { accountingUserId: `firm-bench:${index}`, displayName: `Person ${index + 1}` } }),
  ),
);
const workspace = await db.workspace.create({
  data: {
    name: "Lohnbüro Bench",
    members: {
      create: people.map((person, index) => ({ userId: person.id, roles: [index === 0 ? "owner" : "clerk"] })),
    },
  },
});
await db.user.updateMany({
  where: { id: { in: people.map((person) => person.id) } },
  data: { activeWorkspaceId: workspace.id },
});
const connection = await connectPayroll(
  { userId: people[0]!.id, workspaceId: workspace.id },
  { apiKey: firm.api_key },
  null,
);
const companyIds = (
  await db.payrollCompany.findMany({ where: { connectionId: connection.id }, select: { companyId: true } })
).map((company) => company.companyId);
if (companyIds.length !== COMPANIES) throw new Error(`the connection reaches ${companyIds.length} companies`);
const cookies = await Promise.all(
  people.map(async (person) => {
    const session = await db.session.create({
      data: { userId: person.id, expiresAt: new Date(Date.now() + 3 * 3_600_000) },
    });
    return `ledgerlane.session=${await encode({ token: { uid: person.id, sid: session.id }, secret: env.NEXTAUTH_SECRET! })}`;
  }),
);

// The processes of a deployment, on the build `npm start` would make.
await ensureNextBuild(process.env);
const output = { web: "", worker: "" };
const web = group.spawn("web", process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/serve.ts")], process.env);
web.stdout?.on("data", (chunk: Buffer) => (output.web += chunk.toString()));
const worker = group.spawn(
  "worker",
  process.execPath,
  ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "worker.ts")],
  { ...process.env, METRICS_PORT: String(Number(process.env.FIRM_BENCH_METRICS_PORT) || (await freePort())) },
);
worker.stdout?.on("data", (chunk: Buffer) => (output.worker += chunk.toString()));
await waitForHttp(`${appUrl}/api/ready`, 5 * 60_000);

// Every company's state read by the worker's refresh job, as a firm sees its overview.
const refreshStarted = new Date();
const t0 = performance.now();
await enqueueRefresh([connection.id]);
let refreshed = 0;
while (refreshed < COMPANIES && performance.now() - t0 < REFRESH_WAIT_MS) {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  refreshed = await db.payrollCompanyState.count({
    where: { connectionId: connection.id, refreshedAt: { gte: refreshStarted } },
  });
}
await stopBoss();
const refreshSeconds = (performance.now() - t0) / 1000;

// Each page once, one after the other, as a warm server has served them before (and where a slow
// one is, on stderr).
const warmUp: string[] = [];
for (const [index, page] of ["/overview", "/notifications", `/payroll/companies/${companyIds[0]}/hours`].entries()) {
  const sent = performance.now();
  const response = await fetch(`${appUrl}${page}`, { headers: { cookie: cookies[index]! }, redirect: "manual" });
  await response.text();
  warmUp.push(`${page} ${response.status} in ${(performance.now() - sent).toFixed(0)} ms`);
}
console.error(`(firm bench warm-up: ${warmUp.join(", ")})`);

// The load: each person a page every 2 s in turn, over a pool of as many keep-alive connections as people.
const pool = new Pool(`http://127.0.0.1:${appPort}`, {
  connections: PEOPLE,
  pipelining: 1,
  headersTimeout: REQUEST_TIMEOUT_MS,
  bodyTimeout: REQUEST_TIMEOUT_MS,
});
// Each person starts on another of the three pages, so every second holds as many of each.
const pages = (person: number, turn: number) =>
  ["/overview", "/notifications", `/payroll/companies/${companyIds[(person * 10 + turn) % companyIds.length]}/hours`][
    (person + turn) % 3
  ]!;
const times: number[] = [];
const byPage = new Map<string, number[]>();
const errors: string[] = [];
const start = performance.now();
const end = start + LOAD_MS;
await Promise.all(
  cookies.map(async (cookie, person) => {
    let next = start + (person * PERIOD_MS) / PEOPLE;
    for (let turn = 0; next < end; turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      const page = pages(person, turn);
      const sent = performance.now();
      try {
        const response = await pool.request({
          method: "GET",
          path: page,
          headers: { cookie, host: `localhost:${appPort}` },
        });
        await response.body.text();
        if (response.statusCode !== 200) throw new Error(`${page} answered ${response.statusCode}`);
        const ms = performance.now() - sent;
        times.push(ms);
        const kind = page.replace(/\d+/, ":id");
        byPage.set(kind, [...(byPage.get(kind) ?? []), ms]);
      } catch (error) {
        errors.push((error as Error).message);
      }
      next = Math.max(next + PERIOD_MS, performance.now());
    }
  }),
);
const seconds = (performance.now() - start) / 1000;
await pool.close();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
console.error(
  `(firm bench: ${database.kind}; ${refreshed} of ${COMPANIES} companies refreshed by the worker in ${refreshSeconds.toFixed(0)} s; ` +
    `${times.length} pages in ${seconds.toFixed(0)} s (${(times.length / seconds).toFixed(1)} a second); ` +
    [...byPage]
      .map(([page, ms]) => `${page} p50 ${percentile(ms, 50).toFixed(0)} / p95 ${percentile(ms, 95).toFixed(0)} ms`)
      .join(", ") +
    `; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(
        " ",
      )}${errors.length ? `; ${errors.length} errors, e.g. ${[...new Set(errors)].slice(0, 3).join(" | ")}` : ""})`,
);
console.log(`firm_30_people_p95_ms: ${percentile(times, 95).toFixed(0)} ms`);
console.log(`firm_30_people_p50_ms: ${percentile(times, 50).toFixed(0)} ms`);
console.log(`firm_30_people_pages: ${times.length} count`);
await closeDb();
await group.stop();
clearTimeout(DEADLINE);
if (errors.length > 0) {
  console.error(output.web.slice(-2000));
  process.exit(1);
}
process.exit(0);
