import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { appServerArgs } from "../scripts/lib/app-listen";
import { appServerEntry } from "../scripts/lib/next-build";
import { ensureDatabaseRoles, type DatabaseUrls } from "../scripts/db/roles";
import { cloneDatabase, createMigratedTemplate, databaseUrl, dropDatabase } from "../scripts/db/template";

// For specs that start app processes of their own (the app server, server.ts) on one database of their own.

const ROOT = path.resolve(import.meta.dirname, "..");

/** Ports for a spec's own app processes: E2E_PORT + 3000 + offset, so parallel checkouts' runs stay apart. */
export function appPorts(offset: number, count: number): number[] {
  const base = Number(process.env.E2E_PORT ?? 3100) + 3000 + offset;
  return Array.from({ length: count }, (_, index) => base + index);
}

export interface MigratedDatabase {
  /** The app's role (scripts/db/roles.ts), as npm start runs the app. */
  url: string;
  /** On the embedded Postgres of `npm start` (no DATABASE_URL given): no pg_dump on the machine then. */
  embedded: boolean;
  /** Drops it and its roles. */
  drop(): Promise<void>;
}

/**
 * A database of its own on the suite's server (DATABASE_URL's, else the embedded Postgres that the
 * web server's `npm start` runs: E2E_DATABASE_URL, its superuser; see playwright.config.ts),
 * migrated as npm start migrates: a copy of the run's template (runTemplate), with roles of its own.
 */
export async function migratedDatabase(): Promise<MigratedDatabase> {
  const admin = process.env.DATABASE_URL ?? process.env.E2E_DATABASE_URL!;
  const name = `ledgerlane_e2e_${randomBytes(4).toString("hex")}`;
  const roles = await cloneDatabase(admin, await runTemplate(admin), name);
  return { url: roles.appUrl, embedded: !process.env.DATABASE_URL, drop: () => dropDatabase(admin, name, roles) };
}

/**
 * The run's template database (E2E_TEMPLATE_DATABASE, named by playwright.config.ts), migrated by
 * whichever worker needs it first and kept until the run ends (global-teardown.ts). A comment on it
 * says it is complete: a worker that died migrating it leaves one the next worker makes again.
 */
async function runTemplate(admin: string): Promise<{ name: string; roles: DatabaseUrls }> {
  const name = process.env.E2E_TEMPLATE_DATABASE!;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
    const { rows } = await client.query<{ complete: boolean }>(
      "SELECT shobj_description(oid, 'pg_database') = $2 AS complete FROM pg_database WHERE datname = $1",
      [name, TEMPLATE_COMPLETE],
    );
    if (rows[0]?.complete) return { name, roles: await ensureDatabaseRoles(databaseUrl(admin, name)) };
    const roles = await createMigratedTemplate(admin, name);
    await client.query(`COMMENT ON DATABASE ${pg.escapeIdentifier(name)} IS ${pg.escapeLiteral(TEMPLATE_COMPLETE)}`);
    return { name, roles };
  } finally {
    await client.end();
  }
}

const TEMPLATE_COMPLETE = "ledgerlane e2e template, migrated";

export interface AppProcesses {
  logs: string[];
  /** Resolves when every process says it is ready; rejects with its logs when one exits first. */
  ready(): Promise<void>;
  /**
   * Stops every process and whatever it started (its process group): SIGTERM, then SIGKILL after
   * 5 s; resolves with, for each process, whether its group had ended by itself within those 5 s.
   */
  stop(): Promise<boolean[]>;
  /**
   * Sends SIGTERM to the process at `index` alone (as a process manager does; not its group);
   * resolves when it has exited, with its exit code and how long after the signal.
   */
  terminate(index: number): Promise<{ code: number | null; ms: number }>;
}

/** A process of a spec's own: its arguments to node, its environment, the line that says it is ready. */
interface ProcessSpec {
  args: string[];
  env: Record<string, string | undefined>;
  ready: RegExp;
}

/** Each process in a process group of its own, from the project's folder. */
function startProcesses(specs: ProcessSpec[]): AppProcesses {
  const logs: string[] = [];
  const children = specs.map((spec) => {
    const child = spawn(process.execPath, spec.args, {
      cwd: ROOT,
      env: { ...process.env, ...spec.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
    return { child, ready: spec.ready };
  });
  return {
    logs,
    ready: () =>
      Promise.all(children.map(({ child, ready }) => processReady(child, ready, logs))).then(() => undefined),
    stop: () => Promise.all(children.map(({ child }) => stopGroup(child))),
    terminate: (index) => {
      const { child } = children[index]!;
      const startedAt = performance.now();
      const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
        child.once("exit", (code) => resolve({ code, ms: performance.now() - startedAt })),
      );
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/**
 * The app server (server.ts, as `npm start` built it) on each port, each in a process group of its
 * own, with `env` and its own PORT and NEXTAUTH_URL.
 */
export function startApps(ports: number[], env: NodeJS.ProcessEnv): AppProcesses {
  return startProcesses(
    ports.map((port) => ({
      args: [appServerEntry(), ...appServerArgs(port, "127.0.0.1")],
      env: { ...env, PORT: String(port), NEXTAUTH_URL: `http://localhost:${port}`, NODE_ENV: "production" },
      ready: /Ready on /,
    })),
  );
}

/**
 * A deployment as docs/self-hosting.md runs it, on the build `npm start` made: `npm run serve` on
 * each of `ports` and `npm run worker` with each of `metricsPorts` as its operations port; with
 * `webMetricsPorts`, each web process has its operations port too (the same index's).
 */
export function startDeployment(
  ports: number[],
  metricsPorts: number[],
  env: Record<string, string>,
  webMetricsPorts: number[] = [],
): AppProcesses {
  return startProcesses([
    ...ports.map((port, index) => ({
      args: ["--import", "tsx", "scripts/serve.ts"],
      env: {
        ...env,
        PORT: String(port),
        NEXTAUTH_URL: `http://localhost:${port}`,
        ...(webMetricsPorts[index] !== undefined && { METRICS_PORT: String(webMetricsPorts[index]) }),
      },
      ready: /Ready on /,
    })),
    ...metricsPorts.map((port) => ({
      args: ["--conditions=react-server", "--import", "tsx", "worker.ts"],
      env: { ...env, METRICS_PORT: String(port) },
      ready: /Worker ready/,
    })),
  ]);
}

function processReady(child: ChildProcess, ready: RegExp, logs: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!ready.test(output)) return;
      child.stdout?.off("data", onData);
      resolve();
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code, signal) =>
      reject(
        new Error(`a process exited before it was ready (${signal ?? `code ${code}`}):\n${logs.join("").slice(-3000)}`),
      ),
    );
  });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopGroup(child: ChildProcess): Promise<boolean> {
  const pid = child.pid;
  if (!pid || !groupAlive(pid)) return true;
  process.kill(-pid, "SIGTERM");
  const deadline = Date.now() + 5_000;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!groupAlive(pid)) return true;
  process.kill(-pid, "SIGKILL");
  return false;
}
