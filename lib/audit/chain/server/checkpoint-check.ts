import "server-only";
import { getDb } from "@/lib/db/client";
import { verifyText } from "@/lib/crypto/signing-key";
import { trustedPublicKeys } from "./keys";
import { statementText } from "../statement";
import type { ChainBreak } from "../walk";

export interface CheckpointReport {
  /** Checkpoints whose signature and head were checked. */
  checked: number;
  /** Checkpoints whose signature does not verify with a trusted key, or whose row differs from what was signed. */
  invalid: number;
  latest: { count: number; signedAt: string } | null;
}

interface CheckpointRow {
  count: bigint;
  head_hash: string;
  signed_at: string;
  key_fingerprint: string;
  statement: string;
  signature: string;
  opens_format: number | null;
}

type Seen = ReadonlyMap<number, { hash: string; entryId: string; occurredAt: string | null }>;

/**
 * Reads a workspace's checkpoints and checks their signatures; `check` then compares each head
 * with the chain as recomputed (`seen`: the hash at each position a checkpoint names, and the one
 * after it). A chain rewritten consistently verifies on its own, but no longer has the hash a
 * checkpoint signed: the rewrite starts after the last checkpoint that still matches. `anchored`
 * tells the walk where a signed checkpoint closes a segment (docs/adr/0295-audit-chain-segments.md).
 */
export async function checkCheckpoints(workspaceId: string) {
  const rows = await getDb().$queryRaw<CheckpointRow[]>`
    SELECT count, head_hash, to_char(signed_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS signed_at, key_fingerprint, statement, signature, opens_format
    FROM audit_checkpoints WHERE workspace_id = ${workspaceId}::uuid ORDER BY count, signed_at`;
  const keys = trustedPublicKeys();
  let invalid = 0;
  const valid: { count: number; headHash: string; signedAt: string; opensFormat: number | null }[] = [];
  for (const row of rows) {
    const count = Number(row.count);
    const key = keys.get(row.key_fingerprint);
    const text = statementText({
      workspaceId,
      count,
      headHash: row.head_hash,
      signedAt: row.signed_at,
      keyFingerprint: row.key_fingerprint,
      opensFormat: row.opens_format ?? undefined,
    });
    if (!key || text !== row.statement || !verifyText(key, text, row.signature)) invalid += 1;
    else valid.push({ count, headHash: row.head_hash, signedAt: row.signed_at, opensFormat: row.opens_format });
  }
  const counts = new Set([1, ...valid.flatMap((checkpoint) => [checkpoint.count, checkpoint.count + 1])]);
  const check = (seen: Seen, chainLength: number): CheckpointReport & { firstBreak: ChainBreak | null } => {
    let lastGood = 0;
    let firstBreak: ChainBreak | null = null;
    for (const checkpoint of valid) {
      if (checkpoint.count > chainLength) {
        // The chain is shorter than it was when signed: its end was removed.
        firstBreak = { problem: "removed", seq: chainLength + 1, entryId: null, occurredAt: null };
        break;
      }
      if (seen.get(checkpoint.count)?.hash !== checkpoint.headHash) {
        const after = seen.get(lastGood + 1);
        firstBreak = {
          problem: "changed",
          seq: lastGood + 1,
          entryId: after?.entryId ?? null,
          occurredAt: after?.occurredAt ?? null,
        };
        break;
      }
      lastGood = checkpoint.count;
    }
    const latest = valid.at(-1);
    return {
      checked: valid.length,
      invalid,
      latest: latest ? { count: latest.count, signedAt: latest.signedAt } : null,
      firstBreak,
    };
  };
  /** Whether a valid checkpoint closes the segment at this head and opens `format` after it. */
  const anchored = (count: number, headHash: string, format: number): boolean =>
    valid.some(
      (checkpoint) =>
        checkpoint.count === count && checkpoint.headHash === headHash && checkpoint.opensFormat === format,
    );
  return { counts, check, anchored };
}
