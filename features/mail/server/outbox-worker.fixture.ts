// Test support: an app process's outbox worker alone (what instrumentation.ts starts for mail), so
// a test can kill -9 it mid-send and start another. Run with
// `node --conditions=react-server --import tsx features/mail/server/outbox-worker.fixture.ts`;
// MAIL_FIXTURE_CLOCK_OFFSET_MS moves this process's clock (TEST_CONTROLS=true), as a later process
// would find the dead one's leases passed.
import { setTestClockOffset } from "@/lib/clock";
import { startMailJobs } from "./jobs";

const offset = Number(process.env.MAIL_FIXTURE_CLOCK_OFFSET_MS ?? 0);
if (offset > 0) setTestClockOffset(offset);
await startMailJobs();
console.log("worker ready");
setInterval(() => {}, 60_000);
