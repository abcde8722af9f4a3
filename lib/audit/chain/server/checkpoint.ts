import "server-only";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { signText } from "@/lib/crypto/signing-key";
import { now } from "@/lib/clock";
import { currentSigningKey } from "./keys";
import { statementText } from "../statement";
import { verifyWorkspaceChain, type VerifyReport } from "./verify";

type Tx = Prisma.TransactionClient;

/** A signed head, as stored and as sent to the owners (mail, webhook `audit.checkpoint`). */
export interface SignedCheckpoint {
  id: string;
  workspaceId: string;
  count: number;
  headHash: string;
  signedAt: string;
  keyFingerprint: string;
  statement: string;
  signature: string;
}

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
  const signedAt = new Date(Math.floor(now().getTime()));
  const fields = {
    workspaceId,
    count,
    headHash: head.hash,
    signedAt: signedAt.toISOString(),
    keyFingerprint: key.publicKey.fingerprint,
  };
  const statement = statementText(fields);
  const signature = signText(key, statement);
  return db.$transaction(async (tx) => {
    const row = await tx.auditCheckpoint.create({
      data: { ...fields, count: BigInt(count), signedAt, statement, signature },
      select: { id: true },
    });
    const signed = { id: row.id, ...fields, statement, signature };
    await told(tx, signed);
    return { signed };
  });
}
