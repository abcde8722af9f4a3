import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

// `npm run bench`: each benchmark runs in a process of its own and prints its
// figures as `name: value unit`, one per line.

const ROOT = path.resolve(import.meta.dirname, "..");
const BENCHMARKS = ["lib/crypto/secret-box.bench.ts", "lib/accounting/server/proxy.bench.ts", "sandbox/bench.ts", "lib/payroll/grid/grid.bench.ts", "lib/month-close/checks/checks-browser.bench.ts", "lib/payroll/grid/collab.bench.ts", "lib/trial-balance/trial-balance.bench.ts", "lib/trial-balance/export/server/pdf.bench.ts", "lib/payroll/payroll.bench.ts", "lib/audit/server/audit.bench.ts", "lib/month-close/server/acknowledgements.bench.ts", "lib/http/memory.bench.ts"];

let failed = false;
for (const file of BENCHMARKS) {
  if (!existsSync(path.join(ROOT, file))) continue;
  const result = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", file], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) {
    console.error(`${file} failed (${result.signal ?? `code ${result.status}`})`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
