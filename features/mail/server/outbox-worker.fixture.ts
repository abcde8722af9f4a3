// Test support: an app process's mail jobs alone (what instrumentation.ts starts for mail: pg-boss
// and the outbox's worker), so a test can kill -9 it mid-send and start another. Run with
// `node --conditions=react-server --import tsx features/mail/server/outbox-worker.fixture.ts`;
// MAIL_FIXTURE_CLOCK_OFFSET_MS moves this process's clock (TEST_CONTROLS=true), as a later process
// would find the dead one's leases passed. pg-boss's maintenance (which hands a dead process's
// expired jobs out again) runs every second here rather than every two minutes.
import { setTestClockOffset } from "@/lib/clock";
import { getBoss } from "@/lib/jobs/boss";
import { startMailJobs } from "./jobs";

const offset = Number(process.env.MAIL_FIXTURE_CLOCK_OFFSET_MS ?? 0);
if (offset > 0) setTestClockOffset(offset);
await getBoss({ maintenanceIntervalSeconds: 1 });
await startMailJobs();
console.log("worker ready");
setInterval(() => {}, 60_000);
