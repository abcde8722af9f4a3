import "server-only";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock";
import { log } from "@/lib/log/logger";
import { currentSigningKey } from "./keys";
import { lockChain } from "./lock";
import { recomputeChain } from "./recompute";
import { storeCheckpoint } from "./store-checkpoint";

/**
 * A change of the chain's format starts a new segment, anchored by a signed checkpoint
 * (docs/adr/0295-audit-chain-segments.md). When the chainer finds a workspace's head in an older
 * format than the code writes, it closes the old segment here: it recomputes the chain, and if it
 * is intact signs its head (count and hash) with `opensFormat`, under the chain's lock, so the head
 * it signed is the one the next link follows. Links of the new format are written only after such
 * a checkpoint; verification accepts a change of format only where a valid one stands.
 *
 * Without the key, or with a broken chain (never vouched for), the old segment goes on (entries are
 * chained all the same, in the old format) and the chainer tries again after RETRY_MS.
 */

const RETRY_MS = 10 * 60_000;
const refusedAt = new Map<string, number>();

export type SegmentOutcome = "opened" | "no_key" | "broken" | "moved_on";

/** Whether to try to open the workspace's new segment now (not within RETRY_MS of a refusal). */
export function mayOpenSegment(workspaceId: string): boolean {
  const at = refusedAt.get(workspaceId);
  return at === undefined || now().getTime() - at >= RETRY_MS;
}

export async function openSegment(workspaceId: string, format: number): Promise<SegmentOutcome> {
  const outcome = await closeSegment(workspaceId, format);
  if (outcome === "no_key" || outcome === "broken") {
    refusedAt.set(workspaceId, now().getTime());
    log.warn({ workspaceId, format, outcome }, "audit chain: the old format's segment is not closed; it goes on");
  } else refusedAt.delete(workspaceId);
  return outcome;
}

async function closeSegment(workspaceId: string, format: number): Promise<SegmentOutcome> {
  const key = currentSigningKey();
  if (!key) return "no_key";
  const { report, head } = await recomputeChain(workspaceId);
  if (!report.intact) return "broken";
  return getDb().$transaction(async (tx) => {
    await lockChain(tx, workspaceId);
    const [current] = await tx.$queryRaw<{ seq: bigint; hash: string }[]>`
      SELECT seq, hash FROM audit_chain_links WHERE workspace_id = ${workspaceId}::uuid ORDER BY seq DESC LIMIT 1`;
    // Another chainer linked more since the recomputation: the next run closes the segment at its head.
    if (!current || Number(current.seq) !== head.count || current.hash !== head.hash) return "moved_on";
    await storeCheckpoint(tx, key, { workspaceId, count: head.count, headHash: head.hash, opensFormat: format });
    return "opened";
  });
}
