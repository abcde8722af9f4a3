import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { ensureMessages } from "./lib/messages";

// `npm run bench`: each benchmark (every `*.bench.ts` under lib/ and features/, and the sandbox's) runs in a
// process of its own and prints its figures as `name: value unit`, one per line. Found by name,
// not listed, so a bench moved with its feature still runs.

const ROOT = path.resolve(import.meta.dirname, "..");

function benchesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return benchesUnder(relative);
    return entry.name.endsWith(".bench.ts") ? [relative] : [];
  });
}

const only = process.argv.slice(2);
const benchmarks = ["sandbox/bench.ts", ...[...benchesUnder("lib"), ...benchesUnder("features")].sort()].filter(
  (file) => only.length === 0 || only.some((part) => file.includes(part)),
);

// One production build for all of them: the benches that start the app each named a build folder
// of their own (seven builds of the same sources, ~2 min each on two cores, most of the suite's
// time). A folder set in the environment wins, as before.
const benchEnv = { ...process.env, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-bench" };

// The benches that render texts read the merged message catalogues (scripts/lib/messages.ts).
ensureMessages();

let failed = false;
const timings: [string, number][] = [];
const suiteStarted = performance.now();
for (const file of benchmarks) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", file], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: benchEnv,
  });
  if (result.status !== 0) {
    console.error(`${file} failed (${result.signal ?? `code ${result.status}`})`);
    failed = true;
  }
  const seconds = (performance.now() - started) / 1000;
  timings.push([file, seconds]);
  // On stderr, like the benches' own notes: stdout stays the figures, one per line.
  console.error(`(${file}: ${seconds.toFixed(1)} s)`);
}
if (timings.length > 1) {
  console.error(`(bench files by time, ${((performance.now() - suiteStarted) / 60_000).toFixed(1)} min in all:)`);
  for (const [file, seconds] of timings.sort((a, b) => b[1] - a[1]))
    console.error(`(  ${seconds.toFixed(1).padStart(7)} s  ${file})`);
}
process.exit(failed ? 1 : 0);
