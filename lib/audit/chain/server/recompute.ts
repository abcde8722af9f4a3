import "server-only";
import { getDb, getSqlPool } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { ChainWalk, type ChainBreak, type ChainLinkRow } from "../walk";
import { chainEntryOf, ENTRY_COLUMNS, type EntryColumns } from "./rows";
import { checkCheckpoints, type CheckpointReport } from "./checkpoint-check";

/**
 * Recomputes a workspace's chain from the database and says whether it is intact: how many entries
 * were checked, the first that was changed, removed, inserted, moved or put in a new format without
 * a signed checkpoint, and whether the signed checkpoints still match (which catches a chain
 * rewritten consistently by someone who owns the tables but not the signing key). Used by
 * verification (./verify.ts) and by the chainer before it closes a segment (./segment.ts).
 */

/** A chain's last position and its hash. */
export interface ChainHead {
  count: number;
  hash: string;
}

export interface VerifyReport {
  workspaceId: string;
  intact: boolean;
  /** Entries whose hash and link were recomputed. */
  checked: number;
  /** Entries committed while verifying, not yet in the chain (not an error). */
  pending: number;
  firstBreak: ChainBreak | null;
  checkpoints: CheckpointReport;
}

const PAGE = 5_000;

type LinkColumns = { seq: string; format: number; prev_hash: string; hash: string; entry_id: string } & {
  [K in keyof EntryColumns]: EntryColumns[K] | null;
};

function linkOf(row: LinkColumns): ChainLinkRow {
  return {
    seq: Number(row.seq),
    format: row.format,
    prevHash: row.prev_hash,
    hash: row.hash,
    entryId: row.entry_id,
    entry: row.id === null ? null : chainEntryOf(row as EntryColumns),
  };
}

/**
 * The workspace's links in position order, a page at a time, read through one cursor in one
 * read-only snapshot (on the pool, not through Prisma: several times faster). Not a page query per
 * page: `seq > $after ORDER BY seq LIMIT n` joined the whole rest of the chain for every page
 * (quadratic, and the bulk of audit_verify_100000_ms). Each page is fetched while the previous one
 * is hashed, so the database's time and ours overlap.
 */
async function* linkPages(workspaceId: string): AsyncGenerator<ChainLinkRow[]> {
  const client = await getSqlPool().connect();
  const fetchPage = () => client.query<LinkColumns>(`FETCH ${PAGE} FROM chain_links`);
  let next: ReturnType<typeof fetchPage> | null = null;
  let failed: unknown;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query(
      `DECLARE chain_links NO SCROLL CURSOR FOR
       SELECT l.seq, l.format, l.prev_hash, l.hash, l.entry_id::text AS entry_id, ${ENTRY_COLUMNS.sql}
       FROM audit_chain_links l LEFT JOIN audit_entries e ON e.id = l.entry_id
       WHERE l.workspace_id = $1 ORDER BY l.seq`,
      [workspaceId],
    );
    next = fetchPage();
    while (next) {
      const { rows }: { rows: LinkColumns[] } = await next;
      next = rows.length === PAGE ? fetchPage() : null;
      if (rows.length > 0) yield rows.map(linkOf);
    }
  } catch (error) {
    failed = error;
    throw error;
  } finally {
    // A consumer that stops at a break leaves a page in flight: let it land, then end the snapshot.
    await next?.catch(() => undefined);
    if (!failed) await client.query("ROLLBACK").catch((error: unknown) => (failed = error));
    client.release(failed instanceof Error ? failed : undefined);
  }
}

/** An entry that is neither in the chain nor waiting for it: written around the chainer. */
async function unchainedEntry(workspaceId: string): Promise<ChainBreak | null> {
  const [row] = await getDb().$queryRaw<{ id: string; occurred_at: string }[]>`
    SELECT e.id::text AS id, to_char(e.occurred_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at FROM audit_entries e
    WHERE e.workspace_id = ${workspaceId}::uuid
      AND NOT EXISTS (SELECT 1 FROM audit_chain_links l WHERE l.entry_id = e.id)
      AND NOT EXISTS (SELECT 1 FROM audit_chain_pending p WHERE p.entry_id = e.id)
    ORDER BY e.occurred_at, e.id LIMIT 1`;
  return row ? { problem: "inserted", seq: 0, entryId: row.id, occurredAt: row.occurred_at } : null;
}

/**
 * Recomputes the chain as it stands (what is pending stays so): the report, and the head it reached
 * (intact up to there when the report is).
 */
export async function recomputeChain(workspaceId: string): Promise<{ report: VerifyReport; head: ChainHead }> {
  const db = getDb();
  // The heads the checkpoints name, collected on the way (seq → hash and entry), and the segment
  // boundaries they anchor.
  const { counts, check, anchored } = await checkCheckpoints(workspaceId);
  const walk = new ChainWalk(async (hash) => {
    const [found] = await db.$queryRaw<unknown[]>(
      Prisma.sql`SELECT 1 FROM audit_chain_links WHERE workspace_id = ${workspaceId}::uuid AND hash = ${hash} LIMIT 1`,
    );
    return Boolean(found);
  }, anchored);
  const seen = new Map<number, { hash: string; entryId: string; occurredAt: string | null }>();
  for await (const rows of linkPages(workspaceId)) {
    for (const row of rows)
      if (counts.has(row.seq))
        seen.set(row.seq, { hash: row.hash, entryId: row.entryId, occurredAt: row.entry?.occurredAt ?? null });
    if (!(await walk.feed(rows))) break;
  }
  const checkpoints = check(seen, walk.checked);
  const breaks = [walk.broken, checkpoints.firstBreak].filter((found): found is ChainBreak => found !== null);
  breaks.sort((a, b) => a.seq - b.seq);
  const firstBreak = (await unchainedEntry(workspaceId)) ?? breaks[0] ?? null;
  const [pending] = await db.$queryRaw<{ count: bigint }[]>`
    SELECT count(*) AS count FROM audit_chain_pending WHERE workspace_id = ${workspaceId}::uuid`;
  const report = {
    workspaceId,
    intact: firstBreak === null && checkpoints.invalid === 0,
    checked: walk.checked,
    pending: Number(pending?.count ?? 0),
    firstBreak,
    checkpoints: { checked: checkpoints.checked, invalid: checkpoints.invalid, latest: checkpoints.latest },
  };
  return { report, head: { count: walk.checked, hash: walk.headHash } };
}
