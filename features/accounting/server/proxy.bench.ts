// proxy_throughput_ratio: requests per second of the proxied GET /user divided
// by those of a no-op route of the same app (goal ≥ 0.8), and proxy_added_p50_ms:
// the p50 latency the proxy adds over that route (goal ≤ 1). Runs the production
// build (built when missing) with the sandbox and the database in processes of their
// own, as the service and Postgres are in production; loopback only, about 45 s of load.
// The database: BENCH_DATABASE_URL (an empty database), else a fresh database of the
// machine's Postgres when one answers on 127.0.0.1:5432, else the embedded one.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpus } from "node:os";
import path from "node:path";
import { Pool } from "undici";
import { migrateDatabase } from "../../../scripts/db/migrate";
import { spawnUntilReady, type ReadyChild } from "../../../scripts/lib/child-ready";
import { benchDatabase } from "../../../scripts/lib/machine-database";
import { sandboxClients, upstreamEnvFromDiscovery } from "../../../scripts/lib/sandbox-upstream";
import { freePort, waitForHttp } from "../../../scripts/lib/processes";
import { appServerArgs } from "../../../scripts/lib/app-listen";
import { appServerEntry, ensureNextBuild } from "../../../scripts/lib/next-build";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const CONCURRENCY = 16;
// The app's code takes 10–15 s of load to reach its steady speed (JIT tiers, heap sizing); rounds
// before that measure the warm-up, not the routes.
const WARMUP_ROUNDS = 6;
const ROUNDS = 15;
const ROUND_MS = 1_000;
const LATENCY_SAMPLES = 1_000;
const TSX = ["--import", "tsx"];

const startDatabase = () => benchDatabase("ledgerlane_proxy_bench");

// As with any load test, the load generator and the upstream should not take the CPU of the
// server measured: with two or more CPUs and taskset, the app gets CPU 0 and this process (so the
// sandbox and the embedded database it starts) the others.
const pinned =
  cpus().length >= 2 &&
  spawnSync("taskset", ["-pc", `1-${cpus().length - 1}`, String(process.pid)], { stdio: "ignore" }).status === 0;

const appPort = await freePort();
const appUrl = `http://localhost:${appPort}`;
const clients = sandboxClients(appUrl);
const client = clients[0]!;
const stops: (() => Promise<void>)[] = [];
const sandboxProcess: ReadyChild = await spawnUntilReady(process.execPath, [...TSX, "sandbox/main.ts"], {
  cwd: ROOT,
  env: { ...process.env, SANDBOX_PORT: String(await freePort()), SANDBOX_SEED_CLIENTS: JSON.stringify(clients) },
  ready: /listening on (\S+) /,
});
stops.push(sandboxProcess.stop);
process.once("exit", () => sandboxProcess.child.kill("SIGKILL"));
const sandbox = { url: sandboxProcess.match[1]! };
const database = await startDatabase();
stops.push(database.stop);
console.error(`(proxy bench: ${database.kind}${pinned ? "; the app on CPU 0, the rest on the others" : ""})`);
await migrateDatabase(database.url);
const discovery = (await (await fetch(`${sandbox.url}/.well-known/sandbox.json`)).json()) as Parameters<
  typeof upstreamEnvFromDiscovery
>[1];
const env = {
  ...upstreamEnvFromDiscovery(sandbox.url, discovery, appUrl),
  DATABASE_URL: database.url,
  NEXTAUTH_URL: appUrl,
  NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
  TOKEN_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString("base64")}`,
  JOBS_ENABLED: "false",
  // The baseline route /api/noop exists only then (lib/http/server/noop.ts).
  BENCH_ROUTES: "true",
  // Hundreds of requests a second through one connection: a request budget with room (the
  // budget's statement still runs on every call; what it costs is part of the figure).
  UPSTREAM_BUDGET_ACCOUNTING_PER_MINUTE: "1000000",
};
Object.assign(process.env, env);

// The session the load uses: a real sandbox grant stored the way sign-in stores it.
const { grantTokens } = await import("../testing/sandbox-grant");
const { seedConnection } = await import("../testing/seed-connection");
const { createPrismaClient } = await import("../../../lib/db/client");
const { encode } = await import("next-auth/jwt");
const tokens = await grantTokens(
  {
    authUrl: discovery.accounting.auth_url,
    tokenUrl: discovery.accounting.token_url,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    redirectUri: client.redirect_uris[0]!,
  },
  { email: "alice.hartley@example.co.uk", password: "sandbox-alice", country: "gb" },
);
const db = createPrismaClient(database.url);
const { userId } = await seedConnection(db, tokens);
const session = await db.session.create({ data: { userId, expiresAt: new Date(Date.now() + 3_600_000) } });
const cookie = `ledgerlane.session=${await encode({ token: { uid: userId, sid: session.id }, secret: env.NEXTAUTH_SECRET })}`;
await db.$disconnect();

await ensureNextBuild({ ...process.env, ...env });
// PROXY_BENCH_NODE_ARGS: extra node flags for the app, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
const nodeArgs = process.env.PROXY_BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
const appCommand = [process.execPath, ...nodeArgs, appServerEntry(), ...appServerArgs(appPort, "127.0.0.1")];
const app = spawn(pinned ? "taskset" : appCommand[0]!, pinned ? ["-c", "0", ...appCommand] : appCommand.slice(1), {
  cwd: ROOT,
  env: { ...process.env, ...env, NODE_ENV: "production" },
  stdio: "ignore",
});
const appExited = new Promise((resolve) => app.once("exit", resolve));
try {
  await Promise.race([
    waitForHttp(`${appUrl}/api/ready`),
    appExited.then(() => Promise.reject(new Error("the app exited before it answered"))),
  ]);
  const pool = new Pool(`http://127.0.0.1:${appPort}`, { connections: CONCURRENCY, pipelining: 1 });
  const hit = async (route: string) => {
    const response = await pool.request({
      method: "GET",
      path: route,
      headers: { cookie, host: `localhost:${appPort}` },
    });
    await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${route} answered ${response.statusCode}`);
  };
  const throughput = async (route: string) => {
    let count = 0;
    const end = performance.now() + ROUND_MS;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          await hit(route);
          count += 1;
        }
      }),
    );
    return count / (ROUND_MS / 1000);
  };
  const timed = async (route: string) => {
    const started = performance.now();
    await hit(route);
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const NOOP = "/api/noop";
  const PROXY = "/api/accounting/user";
  for (let round = 0; round < WARMUP_ROUNDS; round += 1) {
    await throughput(NOOP);
    await throughput(PROXY);
  }
  // Short rounds in turn, each pair giving a ratio, so both routes see the same machine
  // conditions; the median pair ratio keeps a burst of other work on the machine out.
  const noopRps: number[] = [];
  const proxyRps: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    noopRps.push(await throughput(NOOP));
    proxyRps.push(await throughput(PROXY));
  }
  const ratios = noopRps.map((noop, round) => proxyRps[round]! / noop);
  // Latency one request at a time, the two routes alternating.
  const noopMs: number[] = [];
  const proxyMs: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
    noopMs.push(await timed(NOOP));
    proxyMs.push(await timed(PROXY));
  }
  console.log(`proxy_throughput_ratio: ${median(ratios).toFixed(3)} ratio`);
  console.log(`proxy_added_p50_ms: ${(median(proxyMs) - median(noopMs)).toFixed(3)} ms`);
  console.log(`proxy_rps: ${median(proxyRps).toFixed(0)} req/s`);
  console.log(`noop_rps: ${median(noopRps).toFixed(0)} req/s`);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  console.error(
    `(round ratios: ${ratios.map((ratio) => ratio.toFixed(2)).join(" ")}; all rounds together ${(sum(proxyRps) / sum(noopRps)).toFixed(3)}; p50 noop ${median(noopMs).toFixed(2)} ms, proxy ${median(proxyMs).toFixed(2)} ms)`,
  );
  await pool.close();
} finally {
  app.kill("SIGTERM");
  await appExited;
  for (const stop of stops.reverse()) await stop();
}
