import { spawn, type ChildProcess } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  postgresBinaries,
  reachableBinaries,
  reachableDataDir,
  RUNTIME_HOME,
  serverUser,
  unreachableBy,
  type Binaries,
  type RunAs,
} from "./embedded-postgres-host";
import { freePort } from "../lib/processes";

export interface EmbeddedPostgres {
  /** A `postgresql://` URL of the superuser `postgres` on the database `postgres`. */
  url: string;
  stop(): Promise<void>;
}

const PASSWORD = "postgres";
const WATCHDOG = path.join(import.meta.dirname, "postgres-watchdog.mjs");

/**
 * A real Postgres server (the binaries of `@embedded-postgres/<platform>`, Postgres 15 as CI's),
 * for people and test runs without one: `dataDir` keeps its cluster there (made on first use),
 * undefined makes a temporary one that is removed when it stops. It listens on 127.0.0.1 only.
 * A keeper process (postgres-watchdog.mjs) stops it when this process ends, however it ends.
 */
export async function startEmbeddedPostgres(
  opts: { dataDir?: string; port?: number; log?: (line: string) => void } = {},
): Promise<EmbeddedPostgres> {
  const user = serverUser();
  const binaries = reachableBinaries(postgresBinaries(), user);
  const temporary = !opts.dataDir;
  let base: string | undefined;
  let dataDir: string;
  let releaseOwner = () => {};
  if (opts.dataDir) {
    const configured = path.resolve(opts.dataDir);
    releaseOwner = claimDataDir(configured);
    try {
      const reachable = reachableDataDir(configured, user);
      if (reachable.note) opts.log?.(reachable.note);
      dataDir = reachable.dataDir;
      moveAsideForeignCluster(dataDir, binaries, opts.log);
      stopOrphanServer(dataDir);
    } catch (error) {
      releaseOwner();
      throw error;
    }
  } else {
    const parent = user && unreachableBy(user, tmpdir()) ? RUNTIME_HOME : tmpdir();
    mkdirSync(parent, { recursive: true });
    base = mkdtempSync(path.join(parent, "ledgerlane-postgres-"));
    dataDir = path.join(base, "data");
  }
  try {
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
      if (user && base) chownSync(base, user.uid, user.gid);
      await initCluster(binaries, dataDir, user);
    }
    const port = opts.port || (await freePort());
    const keeper = await startKeeper(binaries, { dataDir, port, user, temporary, removeDir: base });
    return {
      url: `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/postgres?sslmode=disable`,
      stop: async () => {
        await keeper.stop();
        releaseOwner();
      },
    };
  } catch (error) {
    if (base) rmSync(base, { recursive: true, force: true });
    releaseOwner();
    throw error;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

/**
 * A process killed (kill -9) whose parent has not collected it yet still answers signal 0, but it
 * holds nothing any more: on Linux its state in /proc is Z. (Elsewhere, no /proc: taken as alive.)
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}

/** One process at a time on a kept data folder: `<folder>.pid` names it while it runs. */
function claimDataDir(dataDir: string): () => void {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const ownerFile = `${dataDir}.pid`;
  const holder = existsSync(ownerFile) ? Number(readFileSync(ownerFile, "utf8").trim()) : 0;
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new Error(
      `The embedded Postgres in ${dataDir} is in use by process ${holder} (another npm start?). Stop it first.`,
    );
  }
  writeFileSync(ownerFile, String(process.pid));
  return () => rmSync(ownerFile, { force: true });
}

/**
 * A cluster of another Postgres version cannot be opened by this one: the former embedded
 * database (PGlite, a Postgres 18 folder) or another release's. It is kept beside, renamed, and
 * a new cluster is made: the data of a local run belongs to the sandbox, which forgets its own.
 */
function moveAsideForeignCluster(dataDir: string, binaries: Binaries, log?: (line: string) => void): void {
  const versionFile = path.join(dataDir, "PG_VERSION");
  if (!existsSync(versionFile)) return;
  const major = Number(readFileSync(versionFile, "utf8").trim());
  if (major === binaries.major) return;
  const aside = `${dataDir}-postgres${major}-${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}`;
  // A server has run on a real cluster (postmaster.opts); PGlite never writes one.
  const kind = existsSync(path.join(dataDir, "postmaster.opts"))
    ? `a Postgres ${major} cluster`
    : `the former embedded database (PGlite, Postgres ${major})`;
  renameSync(dataDir, aside);
  log?.(
    `${dataDir} held ${kind}, which Postgres ${binaries.major} cannot open: moved it to ${aside} and started a new, empty database. Delete that folder when you no longer need it.`,
  );
}

/** A server left running on the folder by an owner that was killed: stopped, so this start can take over. */
function stopOrphanServer(dataDir: string): void {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !isRunning(pid)) return; // stale: Postgres itself replaces it
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + 15_000;
  while (isRunning(pid)) {
    if (Date.now() > deadline)
      throw new Error(
        `The embedded Postgres left running in ${dataDir} (process ${pid}) did not stop; stop it and start again.`,
      );
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}

function run(command: string, args: string[], user: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, LC_ALL: "C" },
      ...(user ?? {}),
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (code ${code}):\n${output.trim()}`)),
    );
  });
}

/** A new cluster: superuser postgres with a password over TCP, UTF-8 with the C.UTF-8 collation (as CI's server). */
async function initCluster(binaries: Binaries, dataDir: string, user: RunAs | undefined): Promise<void> {
  const fresh = () => {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (user) chownSync(dataDir, user.uid, user.gid);
  };
  // initdb reads the password from a file (not a pipe): one only the server's user can read, for a moment.
  const secrets = mkdtempSync(
    path.join(user && unreachableBy(user, tmpdir()) ? RUNTIME_HOME : tmpdir(), "ledgerlane-initdb-"),
  );
  const pwfile = path.join(secrets, "password");
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) {
    chownSync(secrets, user.uid, user.gid);
    chownSync(pwfile, user.uid, user.gid);
  }
  const initdb = path.join(binaries.native, "bin/initdb");
  const args = [
    "-D",
    dataDir,
    "-U",
    "postgres",
    `--pwfile=${pwfile}`,
    "--auth-host=scram-sha-256",
    "--auth-local=trust",
    "--encoding=UTF8",
    "--no-sync",
  ];
  try {
    fresh();
    await run(initdb, [...args, "--locale=C.UTF-8"], user);
  } catch (error) {
    if (!/locale/i.test((error as Error).message)) throw error;
    // A system without the C.UTF-8 locale (older macOS): byte order, as C.UTF-8 sorts anyway.
    fresh();
    await run(initdb, [...args, "--locale=C"], user);
  } finally {
    rmSync(secrets, { recursive: true, force: true });
  }
}

interface Keeper {
  stop(): Promise<void>;
}

function startKeeper(
  binaries: Binaries,
  o: { dataDir: string; port: number; user: RunAs | undefined; temporary: boolean; removeDir?: string },
): Promise<Keeper> {
  const settings: Record<string, string> = {
    listen_addresses: "127.0.0.1",
    port: String(o.port),
    unix_socket_directories: "",
    max_connections: "200",
    // A temporary cluster (tests) need not survive a crash of the machine.
    ...(o.temporary ? { fsync: "off", synchronous_commit: "off", full_page_writes: "off" } : {}),
  };
  const logFile = o.removeDir ? path.join(o.removeDir, "postgres.log") : `${o.dataDir}.log`;
  const config = {
    postgres: path.join(binaries.native, "bin/postgres"),
    args: ["-D", o.dataDir, ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])],
    ...(o.user ?? {}),
    dataDir: o.dataDir,
    logFile,
    removeDir: o.removeDir,
    env: { PATH: process.env.PATH, LC_ALL: "C", TZ: "UTC" },
  };
  // Its own session: Ctrl-C in a terminal reaches the owner, which stops the server in order.
  const child: ChildProcess = spawn(process.execPath, [WATCHDOG, JSON.stringify(config)], {
    detached: true,
    stdio: ["pipe", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.startsWith("failed")) {
        const tail = existsSync(logFile) ? readFileSync(logFile, "utf8").trim().split("\n").slice(-15).join("\n") : "";
        reject(new Error(`The embedded Postgres did not start (${output.trim()}):\n${tail}`));
      } else if (output.startsWith("ready")) {
        // The pipe it watches stays open (and this process running) until stop() or this process's end.
        child.stdout!.removeAllListeners("data");
        child.stdout!.resume();
        resolve({
          stop: async () => {
            child.stdin!.end();
            const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
            await exited;
            clearTimeout(timer);
          },
        });
      }
    });
    child.once("exit", (code) =>
      reject(new Error(`The embedded Postgres's keeper exited (code ${code}): ${output.trim()}`)),
    );
  });
}
