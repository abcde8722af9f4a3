// The migration runner's step after the migrations (./migrate.ts `chainAuditTrail`), in a process
// of its own (it runs the app's server code, which needs the react-server condition): links every
// entry waiting in audit_chain_pending, e.g. every entry written before the chain's migration,
// in `occurred_at, id` order (lib/audit/chain/server/append.ts). Idempotent: a linked entry waits no more.
import { createPrismaClient } from "../../lib/db/client";
import { chainPending } from "../../lib/audit/chain/server/append";

const url = process.argv[2];
if (!url) {
  console.error("Usage: chain-audit.ts <database url>");
  process.exit(1);
}
const db = createPrismaClient(url);
const linked = await chainPending(undefined, db);
if (linked) console.log(`Audit trail: chained ${linked} entries.`);
await db.$disconnect();
