import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";
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
  const common = {
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "warning",
  } as const;
  await build({ ...common, entryPoints: [path.join(ROOT, "server.ts")], outfile: appServerEntry() });
  // The web process's operations thread (lib/composition/ops-thread), beside it. Its modules are
  // server code marked `server-only`, a marker for Next's bundler: here it is an empty module.
  await build({
    ...common,
    entryPoints: [path.join(ROOT, "lib/composition/ops-thread/entry.ts")],
    outfile: path.join(distDir(), "ops-thread.mjs"),
    plugins: [serverOnlyIsEmpty],
  });
}

const serverOnlyIsEmpty: Plugin = {
  name: "server-only-is-empty",
  setup(plugin) {
    plugin.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    plugin.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
  },
};

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
