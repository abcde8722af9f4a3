import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

// `npm run bench`: each benchmark (every `*.bench.ts` under lib/, and the sandbox's) runs in a
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
const benchmarks = ["sandbox/bench.ts", ...benchesUnder("lib").sort()].filter(
  (file) => only.length === 0 || only.some((part) => file.includes(part)),
);

let failed = false;
for (const file of benchmarks) {
  const result = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", file], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) {
    console.error(`${file} failed (${result.signal ?? `code ${result.status}`})`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
