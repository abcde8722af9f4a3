// `npm run bench` (memory under load): the app started the way production starts it
// (`scripts/start.ts`: the production build, its flags and environment), 60 signed-in sessions for
// 60 s of load — 70% proxied GET /api/accounting/user, 30% the trial balance page of the
// 5,000-account business with a range — at a bounded concurrency of 60. Prints
//   app_rss_peak_mb   the largest RSS of the app's process (its server, server.ts, and its children) during the load
//   app_rss_idle_mb   its RSS a minute after the load
//   app_load_errors   answers other than 2xx and network errors during the load (the bench fails on any)
// RSS is read from /proc/<pid>/status (VmRSS) every 250 ms. The database: BENCH_DATABASE_URL (an
// empty database), else a fresh database of the machine's Postgres, else the embedded one.
// MEMORY_BENCH_LOAD_SECONDS and MEMORY_BENCH_IDLE_SECONDS shorten a quick run (defaults 60 and 60);
// MEMORY_BENCH_DEBUG=1 prints the RSS every 5 s on stderr.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { Pool } from "undici";
import { migrateDatabase } from "../../scripts/db/migrate";
import { spawnUntilReady } from "../../scripts/lib/child-ready";
import { benchDatabase } from "../../scripts/lib/machine-database";
import { appServerEntry, ensureNextBuild } from "../../scripts/lib/next-build";
import { freePort, stopChild, waitForHttp } from "../../scripts/lib/processes";
import { sandboxClients, upstreamEnvFromDiscovery } from "../../scripts/lib/sandbox-upstream";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = ["--import", "tsx"];
const SESSIONS = 60;
const CONCURRENCY = 60;
const PROXY_SHARE = 0.7;
const LOAD_MS = Number(process.env.MEMORY_BENCH_LOAD_SECONDS ?? 60) * 1000;
const IDLE_MS = Number(process.env.MEMORY_BENCH_IDLE_SECONDS ?? 60) * 1000;
const SAMPLE_MS = 250;
// A 5,000-account page view takes seconds of CPU; on a machine shared with other work, 60 of them
// queued behind each other take long: the timeout catches a hung answer, not a slow one.
const REQUEST_TIMEOUT_MS = 120_000;
const RANGE = "from=2025-11-01&to=2026-10-31";
const LARGE_BUSINESS_EMAIL = "ben.";
const DEADLINE = setTimeout(() => {
  console.error("memory bench: took longer than 20 minutes");
  process.exit(1);
}, 20 * 60_000);

const startDatabase = () => benchDatabase("ledgerlane_memory_bench");

/** Parent pid of each process on the machine. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields start after the last ")".
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      map.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  return map;
}

function descendants(root: number, parentOf = parents()): number[] {
  const found = [root];
  for (let i = 0; i < found.length; i += 1)
    for (const [pid, parent] of parentOf) if (parent === found[i]) found.push(pid);
  return found;
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
};

/** The app's server among the start script's descendants (the process that runs server.ts's bundle). */
function findAppServer(startPid: number): number | undefined {
  return descendants(startPid)
    .slice(1)
    .find((pid) => commandOf(pid).includes(path.basename(appServerEntry())));
}

const rssKb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

/** RSS of the app: its server and any children it started, in MB. */
function appRssMb(serverPid: number): number {
  return descendants(serverPid).reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
}

// The upstream: the sandbox, in a process of its own as the service is in production.
// MEMORY_BENCH_APP_PORT and MEMORY_BENCH_SANDBOX_PORT fix the ports (default: any free ones).
const appPort = Number(process.env.MEMORY_BENCH_APP_PORT) || (await freePort());
const appUrl = `http://localhost:${appPort}`;
const clients = sandboxClients(appUrl);
const stops: (() => Promise<void>)[] = [];
const sandboxProcess = await spawnUntilReady(process.execPath, [...TSX, "sandbox/main.ts"], {
  cwd: ROOT,
  env: {
    ...process.env,
    SANDBOX_PORT: String(Number(process.env.MEMORY_BENCH_SANDBOX_PORT) || (await freePort())),
    SANDBOX_SEED_CLIENTS: JSON.stringify(clients),
  },
  ready: /listening on (\S+) /,
});
stops.push(sandboxProcess.stop);
process.once("exit", () => sandboxProcess.child.kill("SIGKILL"));
const sandboxUrl = sandboxProcess.match[1]!;
const database = await startDatabase();
stops.push(database.stop);
console.error(`(memory bench: ${database.kind})`);
await migrateDatabase(database.url);
const discovery = (await (await fetch(`${sandboxUrl}/.well-known/sandbox.json`)).json()) as Parameters<
  typeof upstreamEnvFromDiscovery
>[1];
const fixtures = (await (await fetch(`${discovery.control_url}/fixtures`)).json()) as {
  users: { email: string; password: string; businesses: { lead: boolean; country: string }[] }[];
};
const env: Record<string, string> = {
  ...upstreamEnvFromDiscovery(sandboxUrl, discovery, appUrl),
  DATABASE_URL: database.url,
  PORT: String(appPort),
  NEXTAUTH_URL: appUrl,
  NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
  TOKEN_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString("base64")}`,
  // Far more requests a minute per connection than the service's budget: one with room (its
  // statement still runs on every call, so what it holds in memory is measured).
  UPSTREAM_BUDGET_ACCOUNTING_PER_MINUTE: "1000000",
  UPSTREAM_BUDGET_PAYROLL_PER_MINUTE: "1000000",
};
Object.assign(process.env, env);

// The sessions: each sandbox person grants the app real tokens through the sandbox's authorization
// pages (as a browser would) and the grant is stored the way sign-in stores it; the 60 sessions
// are spread over the people, several per person.
const { grantTokens } = await import("../../features/accounting/testing/sandbox-grant");
const { storeSignInTokens } = await import("../../features/accounting/connection/server/lifecycle");
const { tokenResponseSchema } = await import("../../features/accounting/schemas");
const { createPrismaClient } = await import("../db/client");
const { encode } = await import("next-auth/jwt");
const client = clients[0]!;
const db = createPrismaClient(database.url);
const people: { userId: string; cookies: string[]; large: boolean }[] = [];
for (const person of fixtures.users) {
  const country = person.businesses.find((business) => business.lead)?.country ?? person.businesses[0]?.country ?? "GB";
  const tokens = await grantTokens(
    {
      authUrl: discovery.accounting.auth_url,
      tokenUrl: discovery.accounting.token_url,
      clientId: client.client_id,
      clientSecret: client.client_secret,
      redirectUri: client.redirect_uris[0]!,
    },
    { email: person.email, password: person.password, country: country.toLowerCase() },
  );
  const user = await db.user.create({ data: { accountingUserId: String(tokens.requested_by_id ?? person.email) } });
  await storeSignInTokens(db, { userId: user.id, tokens: tokenResponseSchema.parse(tokens), country });
  people.push({ userId: user.id, cookies: [], large: person.email.startsWith(LARGE_BUSINESS_EMAIL) });
}
for (let i = 0; i < SESSIONS; i += 1) {
  const person = people[i % people.length]!;
  const userId = person.userId;
  const session = await db.session.create({ data: { userId, expiresAt: new Date(Date.now() + 3_600_000) } });
  person.cookies.push(
    `ledgerlane.session=${await encode({ token: { uid: userId, sid: session.id }, secret: env.NEXTAUTH_SECRET! })}`,
  );
}
await db.$disconnect();
const allCookies = people.flatMap((person) => person.cookies);
const largeCookies = people.filter((person) => person.large).flatMap((person) => person.cookies);
if (largeCookies.length === 0) throw new Error("no sandbox person with the 5,000-account business");

// Built here so that the start script's own build check finds it current.
await ensureNextBuild({ ...process.env, ...env });
const app = spawn(process.execPath, [...TSX, path.join(ROOT, "scripts/start.ts")], {
  cwd: ROOT,
  env: { ...process.env, ...env },
  stdio: ["ignore", "pipe", "pipe"],
});
let appOutput = "";
app.stdout.on("data", (chunk: Buffer) => (appOutput += chunk.toString()));
app.stderr.on("data", (chunk: Buffer) => (appOutput += chunk.toString()));
const appExited = new Promise((resolve) => app.once("exit", resolve));
let failed = false;
try {
  await Promise.race([
    waitForHttp(`${appUrl}/api/ready`, 5 * 60_000),
    appExited.then(() => Promise.reject(new Error("the app exited before it answered"))),
  ]);
  const serverPid = findAppServer(app.pid!);
  if (!serverPid) throw new Error("no app server process found under the start script");
  const pool = new Pool(`http://127.0.0.1:${appPort}`, {
    connections: CONCURRENCY,
    pipelining: 1,
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  });
  let errors = 0;
  const errorSamples: string[] = [];
  const counts = { proxy: 0, page: 0 };
  const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)]!;
  const hit = async () => {
    const proxied = Math.random() < PROXY_SHARE;
    const route = proxied ? "/api/accounting/user" : `/trial-balance?${RANGE}`;
    const cookie = proxied ? pick(allCookies) : pick(largeCookies);
    try {
      const response = await pool.request({
        method: "GET",
        path: route,
        headers: { cookie, host: `localhost:${appPort}` },
      });
      await response.body.text();
      if (response.statusCode < 200 || response.statusCode >= 300)
        throw new Error(`${route} answered ${response.statusCode}`);
      counts[proxied ? "proxy" : "page"] += 1;
    } catch (error) {
      errors += 1;
      if (errorSamples.length < 5) errorSamples.push((error as Error).message);
    }
  };

  const startRss = appRssMb(serverPid);
  let peak = startRss;
  let latest = startRss;
  let sampled = 0;
  const sampler = setInterval(() => {
    latest = appRssMb(serverPid);
    peak = Math.max(peak, latest);
    sampled += 1;
    if (process.env.MEMORY_BENCH_DEBUG && sampled % 20 === 0)
      console.error(`rss ${latest.toFixed(0)} MB (peak ${peak.toFixed(0)})`);
  }, SAMPLE_MS);
  const end = performance.now() + LOAD_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) await hit();
    }),
  );
  const loadRss = peak;
  await pool.close();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  clearInterval(sampler);
  const idle = appRssMb(serverPid);

  console.error(
    `memory bench: ${counts.proxy} proxied GETs and ${counts.page} trial balance pages in ${LOAD_MS / 1000} s; RSS at start ${startRss.toFixed(0)} MB; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}${errorSamples.length ? `; errors: ${errorSamples.join(" | ")}` : ""}`,
  );
  console.log(`app_rss_peak_mb: ${loadRss.toFixed(0)} MB`);
  console.log(`app_rss_idle_mb: ${idle.toFixed(0)} MB`);
  console.log(`app_load_errors: ${errors} count`);
  failed = errors > 0;
} catch (error) {
  console.error(appOutput.slice(-4000));
  throw error;
} finally {
  await stopChild(app, 10_000);
  for (const stop of stops.reverse()) await stop();
  clearTimeout(DEADLINE);
}
if (failed) process.exit(1);
