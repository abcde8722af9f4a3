// `npm run audit:verify [workspace id …]`: recomputes the audit trail's hash chain of every
// workspace (or of those named) and checks the signed checkpoints, as `Verify the trail` does
// (lib/audit/chain/server/verify.ts). Prints one line per workspace; exits 0 when every trail is intact,
// 1 when one is not (or on an error). Runs with the app's configuration (.env.local is read), and
// AUDIT_SIGNING_KEY / AUDIT_SIGNING_PREVIOUS_PUBLIC_KEYS to check the checkpoints' signatures.
import { loadLocalEnv } from "./env/local-env";

loadLocalEnv();
const { verifyWorkspaceChain, workspacesWithEntries } = await import("../lib/audit/chain/server/verify");
const { closeDb } = await import("../lib/db/client");

const PROBLEMS = {
  changed: "changed",
  removed: "removed",
  inserted: "inserted",
  moved: "moved",
  reformatted: "in a new format without a signed checkpoint closing the one before",
} as const;

let intact = true;
try {
  const named = process.argv.slice(2);
  const workspaces = named.length ? named : await workspacesWithEntries();
  for (const workspaceId of workspaces) {
    const started = performance.now();
    const report = await verifyWorkspaceChain(workspaceId);
    const ms = Math.round(performance.now() - started);
    const checkpoints = `${report.checkpoints.checked} signed checkpoint(s) matched${report.checkpoints.invalid ? `, ${report.checkpoints.invalid} do NOT verify` : ""}`;
    if (report.intact) {
      console.log(`${workspaceId}: intact, ${report.checked} entries checked, ${checkpoints} (${ms} ms)`);
      continue;
    }
    intact = false;
    const broken = report.firstBreak;
    const where = broken
      ? `first bad entry at position ${broken.seq}: ${PROBLEMS[broken.problem]}${broken.entryId ? ` (entry ${broken.entryId}${broken.occurredAt ? `, ${broken.occurredAt}` : ""})` : ""}`
      : "a checkpoint's signature does not verify";
    console.log(`${workspaceId}: NOT intact, ${where}; ${report.checked} entries checked before it, ${checkpoints}`);
  }
  if (workspaces.length === 0) console.log("No audit entries.");
} catch (error) {
  console.error(`audit:verify failed: ${(error as Error).message}`);
  intact = false;
} finally {
  await closeDb();
}
process.exit(intact ? 0 : 1);
