import "server-only";
import { getDb } from "@/lib/db/client";
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import { log } from "@/lib/log/logger";
import { entryHash, GENESIS_HASH, writingFormat } from "../canonical";
import { chainEntryOf, ENTRY_COLUMNS, type EntryColumns } from "./rows";
import { lockChain } from "./lock";
import { mayOpenSegment, openSegment } from "./segment";

/**
 * The chainer (docs/adr/0263-audit-hash-chain.md): links the entries waiting in
 * `audit_chain_pending` to their workspace's chain. Entries are written by many writers in their
 * own transactions and join the chain only once committed, here, in one short transaction per
 * batch that holds the workspace's advisory lock: whoever runs it (the worker after a save's
 * notice, its minutely sweep, verification, the migration runner) appends after the head it
 * reads under that lock, so the chain has one order and no forks; the unique (workspace, seq)
 * would refuse a fork even if the lock were bypassed. A rolled-back save never reaches the queue.
 * Links are written in the code's format; when the head is in an older one, the segment is first
 * closed by a signed checkpoint (./segment.ts), or, where it cannot be, the old format goes on.
 */

const BATCH = 2_000;

interface Head {
  seq: bigint;
  hash: string;
  format: number;
}

/**
 * Chains one batch of a workspace's pending entries; how many it linked, or "open_segment" when
 * the head is in an older format, no checkpoint closes its segment yet, and `oldFormatOk` is false.
 */
async function chainBatch(
  db: PrismaClient,
  workspaceId: string,
  oldFormatOk: boolean,
): Promise<number | "open_segment"> {
  return db.$transaction(
    async (tx) => {
      await lockChain(tx, workspaceId);
      const [head] = await tx.$queryRaw<Head[]>`
      SELECT seq, hash, format FROM audit_chain_links WHERE workspace_id = ${workspaceId}::uuid ORDER BY seq DESC LIMIT 1`;
      const rows = await tx.$queryRaw<EntryColumns[]>`
      SELECT ${ENTRY_COLUMNS} FROM audit_chain_pending p JOIN audit_entries e ON e.id = p.entry_id
      WHERE p.workspace_id = ${workspaceId}::uuid
        AND NOT EXISTS (SELECT 1 FROM audit_chain_links l WHERE l.entry_id = p.entry_id)
      ORDER BY e.occurred_at, e.id LIMIT ${BATCH}`;
      if (rows.length === 0) {
        return 0;
      }
      let format = writingFormat();
      if (head && head.format !== format) {
        if (head.format > format) {
          // This code is older than the chain (a rolled-back release): the entries wait for a newer chainer.
          log.warn({ workspaceId, head: head.format, code: format }, "audit chain: the chain is in a newer format");
          return 0;
        }
        const [closed] = await tx.$queryRaw<unknown[]>`
        SELECT 1 FROM audit_checkpoints WHERE workspace_id = ${workspaceId}::uuid AND count = ${head.seq}
          AND head_hash = ${head.hash} AND opens_format = ${format} LIMIT 1`;
        if (!closed) {
          if (!oldFormatOk) return "open_segment";
          format = head.format;
        }
      }
      let seq = head ? Number(head.seq) : 0;
      let prev = head?.hash ?? GENESIS_HASH;
      const ids: string[] = [];
      const seqs: number[] = [];
      const prevs: string[] = [];
      const hashes: string[] = [];
      for (const row of rows) {
        const hash = entryHash(chainEntryOf(row), prev, format);
        seq += 1;
        ids.push(row.id);
        seqs.push(seq);
        prevs.push(prev);
        hashes.push(hash);
        prev = hash;
      }
      await tx.$executeRaw`
      INSERT INTO audit_chain_links (entry_id, workspace_id, seq, format, prev_hash, hash)
      SELECT id, ${workspaceId}::uuid, seq, ${format}::int, prev_hash, hash
      FROM unnest(${ids}::uuid[], ${seqs}::bigint[], ${prevs}::text[], ${hashes}::text[]) AS t(id, seq, prev_hash, hash)`;
      await tx.$executeRaw`DELETE FROM audit_chain_pending WHERE entry_id = ANY(${ids}::uuid[])`;
      return rows.length;
      // Another chainer of the workspace may hold the lock for its batch: wait for it, not fail.
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
}

/**
 * Chains every pending entry of the workspace (or of every workspace); how many it linked. `own`:
 * the migration runner's client (scripts/db/chain-audit.ts), which goes on in the head's format;
 * the app's chainer (without) closes an old segment first.
 */
export async function chainPending(workspaceId?: string, own?: PrismaClient): Promise<number> {
  const db = own ?? getDb();
  const workspaces = workspaceId
    ? [workspaceId]
    : (
        await db.$queryRaw<{ workspace_id: string }[]>(
          Prisma.sql`SELECT DISTINCT workspace_id::text FROM audit_chain_pending`,
        )
      ).map((row) => row.workspace_id);
  let linked = 0;
  for (const workspace of workspaces) {
    let oldFormatOk = own !== undefined || !mayOpenSegment(workspace);
    let tried = false;
    for (;;) {
      const count = await chainBatch(db, workspace, oldFormatOk);
      if (count === "open_segment") {
        // Closed (once), or not now: then this run goes on in the old format.
        oldFormatOk = tried || (await openSegment(workspace, writingFormat())) !== "opened";
        tried = true;
        continue;
      }
      linked += count;
      if (count < BATCH) break;
    }
  }
  return linked;
}
