import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { signText, type SigningKey } from "@/lib/crypto/signing-key";
import { now } from "@/lib/clock";
import { statementText } from "../statement";

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
  /** On a checkpoint that closes a segment: the format after it (docs/adr/0295-audit-chain-segments.md). */
  opensFormat?: number;
}

/** Signs a head (the caller has verified the chain up to it) and stores the checkpoint in `tx`. */
export async function storeCheckpoint(
  tx: Tx,
  key: SigningKey,
  head: { workspaceId: string; count: number; headHash: string; opensFormat?: number },
): Promise<SignedCheckpoint> {
  const signedAt = new Date(Math.floor(now().getTime()));
  const fields = { ...head, signedAt: signedAt.toISOString(), keyFingerprint: key.publicKey.fingerprint };
  const statement = statementText(fields);
  const signature = signText(key, statement);
  const row = await tx.auditCheckpoint.create({
    data: { ...fields, count: BigInt(head.count), signedAt, statement, signature },
    select: { id: true },
  });
  return { id: row.id, ...fields, statement, signature };
}
