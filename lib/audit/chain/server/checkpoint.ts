import "server-only";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { currentSigningKey } from "./keys";
import { storeCheckpoint, type SignedCheckpoint } from "./store-checkpoint";
import type { VerifyReport } from "./recompute";
import { verifyWorkspaceChain } from "./verify";

type Tx = Prisma.TransactionClient;

export type CheckpointOutcome =
  { signed: SignedCheckpoint } | { skipped: "no_key" | "empty" | "unchanged" } | { refused: VerifyReport };

/**
 * Signs the workspace's chain head, after verifying the chain (a broken chain is never signed:
 * that would vouch for the tampering), unless the last checkpoint already names this head.
 * `told` runs in the checkpoint's transaction: the domain event for the owners (features/audit-trail).
 */
export async function signCheckpoint(
  workspaceId: string,
  told: (tx: Tx, checkpoint: SignedCheckpoint) => Promise<void> = async () => {},
): Promise<CheckpointOutcome> {
  const key = currentSigningKey();
  if (!key) return { skipped: "no_key" };
  const report = await verifyWorkspaceChain(workspaceId);
  if (!report.intact) return { refused: report };
  const db = getDb();
  const [head] = await db.$queryRaw<{ seq: bigint; hash: string }[]>`
    SELECT seq, hash FROM audit_chain_links WHERE workspace_id = ${workspaceId}::uuid ORDER BY seq DESC LIMIT 1`;
  if (!head) return { skipped: "empty" };
  const count = Number(head.seq);
  const last = await db.auditCheckpoint.findFirst({
    where: { workspaceId },
    orderBy: [{ count: "desc" }, { signedAt: "desc" }],
    select: { count: true, headHash: true },
  });
  if (last && Number(last.count) === count && last.headHash === head.hash) return { skipped: "unchanged" };
  return db.$transaction(async (tx) => {
    const signed = await storeCheckpoint(tx, key, { workspaceId, count, headHash: head.hash });
    await told(tx, signed);
    return { signed };
  });
}
