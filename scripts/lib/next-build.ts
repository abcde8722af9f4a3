import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { run } from "./processes";

const ROOT = path.resolve(import.meta.dirname, "../..");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
const distDir = () => path.join(ROOT, process.env.NEXT_DIST_DIR || ".next");
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "server.ts",
  "scripts/lib/app-listen.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "package-lock.json",
  "tsconfig.json",
];

function* walk(entry: string): Generator<string> {
  if (!existsSync(entry)) return;
  const stat = statSync(entry);
  if (!stat.isDirectory()) {
    yield `${path.relative(ROOT, entry)}:${stat.size}:${stat.mtimeMs}`;
    return;
  }
  for (const name of readdirSync(entry).sort()) yield* walk(path.join(entry, name));
}

/** Cheap identity of everything a production build depends on (names, sizes, mtimes). */
function sourceFingerprint(): string {
  const hash = createHash("sha256");
  for (const source of SOURCES) for (const line of walk(path.join(ROOT, source))) hash.update(`${line}\n`);
  return hash.digest("hex");
}

/** The app's HTTP server (server.ts) as plain JavaScript, beside the build: `node <this> …appServerArgs()`. */
export function appServerEntry(): string {
  return path.join(distDir(), "app-server.mjs");
}

/**
 * server.ts and what it imports of ours in one ES module; the packages (next) stay imports, so
 * the app's process loads them from node_modules as `next start` does, and runs no TypeScript
 * loader (tsx hooks every module it loads, and keeps a loader thread).
 */
async function bundleAppServer(): Promise<void> {
  await build({
    entryPoints: [path.join(ROOT, "server.ts")],
    outfile: appServerEntry(),
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "warning",
  });
}

/** Builds the app and its server unless a build of the current sources exists. */
export async function ensureNextBuild(env: NodeJS.ProcessEnv): Promise<void> {
  const fingerprint = sourceFingerprint();
  const fingerprintFile = path.join(distDir(), ".source-fingerprint");
  const built =
    existsSync(path.join(distDir(), "BUILD_ID")) && existsSync(appServerEntry()) && existsSync(fingerprintFile)
      ? readFileSync(fingerprintFile, "utf8")
      : "";
  if (built === fingerprint) return;
  console.log("Building the app (once per change of its sources)…");
  await run(process.execPath, [NEXT_BIN, "build"], { ...env, NEXT_TELEMETRY_DISABLED: "1" });
  await bundleAppServer();
  writeFileSync(fingerprintFile, fingerprint);
}
