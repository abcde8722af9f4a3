// Test support: an app process's job side alone (what instrumentation.ts starts), so a
// test can kill and restart "the app" in the middle of an import. Run with
// `node --conditions=react-server --import tsx features/payroll/imports/worker-process.fixture.ts`.
import { startJobsIfEnabled } from "@/lib/composition/jobs";

await startJobsIfEnabled();
console.log("worker ready");
setInterval(() => {}, 60_000);
