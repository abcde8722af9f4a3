import "server-only";
import { signCheckpoint } from "@/lib/audit/chain/server/checkpoint";
import { workspacesWithEntries } from "@/lib/audit/chain/server/verify";
import { emitEvent } from "@/lib/events/server/emit";
import { log } from "@/lib/log/logger";

/**
 * The daily checkpoint run: each workspace's chain is verified, and its head signed and sent to its
 * owners (the `audit.checkpoint` event: a mail to each owner, a webhook to endpoints that ask for
 * it), in the checkpoint's transaction. A broken chain is not signed: the run says so in the log
 * (no personal data: the workspace, the position and what happened there).
 */
export async function runCheckpoints(): Promise<{ signed: number; refused: number }> {
  let signed = 0;
  let refused = 0;
  for (const workspaceId of await workspacesWithEntries()) {
    const outcome = await signCheckpoint(workspaceId, (tx, checkpoint) =>
      emitEvent(tx, {
        type: "audit.checkpoint",
        workspaceId,
        occurredAt: checkpoint.signedAt,
        actor: { id: null, name: null },
        checkpointId: checkpoint.id,
        count: checkpoint.count,
        headHash: checkpoint.headHash,
        signedAt: checkpoint.signedAt,
        keyFingerprint: checkpoint.keyFingerprint,
        statement: checkpoint.statement,
        signature: checkpoint.signature,
      }),
    );
    if ("signed" in outcome) signed += 1;
    else if ("refused" in outcome) {
      refused += 1;
      log.error(
        {
          workspaceId,
          firstBreak: outcome.refused.firstBreak,
          invalidCheckpoints: outcome.refused.checkpoints.invalid,
        },
        "audit checkpoint: the workspace's audit trail does not verify; not signed",
      );
    } else if (outcome.skipped === "no_key") {
      log.warn("audit checkpoint: AUDIT_SIGNING_KEY is not set; no checkpoint signed");
      break;
    }
  }
  return { signed, refused };
}
