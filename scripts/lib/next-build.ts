import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { ensureMessages } from "./messages";
import { run } from "./processes";
import { sourceFingerprint } from "./source-fingerprint";

const ROOT = path.resolve(import.meta.dirname, "../..");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
const distDir = () => path.join(ROOT, process.env.NEXT_DIST_DIR || ".next");

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
  // The merged message catalogues are part of the sources (generated, not committed).
  ensureMessages();
  const fingerprint = sourceFingerprint(ROOT);
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
