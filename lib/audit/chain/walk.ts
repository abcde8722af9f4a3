import { entryHash, GENESIS_HASH, knowsFormat, type ChainEntry } from "./canonical";

/**
 * Walks a workspace's chain in position order and names the first entry that breaks it, with what
 * was done to it (docs/audit-trail-verification.md, "Reading a failure"). Pure: fed a page at a time.
 */

/** `reformatted`: a link in a newer format than its predecessor's with no signed checkpoint closing the segment before it. */
export type ChainProblem = "changed" | "removed" | "inserted" | "moved" | "reformatted";

export interface ChainBreak {
  problem: ChainProblem;
  /** The position in the chain where it shows. */
  seq: number;
  /** The entry concerned; for a removal, the entry after the gap (null when the gap is at the end). */
  entryId: string | null;
  occurredAt: string | null;
}

export interface ChainLinkRow {
  seq: number;
  format: number;
  prevHash: string;
  hash: string;
  entryId: string;
  /** Null when the link's entry is gone. */
  entry: ChainEntry | null;
}

export class ChainWalk {
  checked = 0;
  broken: ChainBreak | null = null;
  private expected = 1;
  private previous: ChainLinkRow | null = null;

  /**
   * @param hashElsewhere whether some other link of the chain has this hash (asked only at a break,
   *   to tell a moved entry from a changed one).
   * @param anchored whether a valid signed checkpoint closes the segment at position `count` with
   *   this head and opens `format` after it (docs/adr/0295-audit-chain-segments.md).
   */
  constructor(
    private readonly hashElsewhere: (hash: string) => Promise<boolean>,
    private readonly anchored: (count: number, headHash: string, format: number) => boolean = () => false,
  ) {}

  get headHash(): string {
    return this.previous?.hash ?? GENESIS_HASH;
  }

  /** Feeds the next links (ascending seq); false once the chain is broken. */
  async feed(rows: readonly ChainLinkRow[]): Promise<boolean> {
    for (const row of rows) {
      if (this.broken) return false;
      this.broken = await this.check(row);
      if (this.broken) return false;
      this.checked += 1;
      this.expected = row.seq + 1;
      this.previous = row;
    }
    return true;
  }

  private async check(row: ChainLinkRow): Promise<ChainBreak | null> {
    const at = (problem: ChainProblem, link: ChainLinkRow, seq = link.seq): ChainBreak => ({
      problem,
      seq,
      entryId: link.entryId,
      occurredAt: link.entry?.occurredAt ?? null,
    });
    // A gap in the positions, or a link whose entry is gone: an entry was removed.
    if (row.seq !== this.expected) return at("removed", row, this.expected);
    if (!row.entry) return at("removed", row);
    // Its content is not what was hashed: changed (the content, or the hash stored for it).
    // (A format this code does not know cannot be recomputed: as good as changed.)
    if (!knowsFormat(row.format) || entryHash(row.entry, row.prevHash, row.format) !== row.hash)
      return at("changed", row);
    const previous = this.previous;
    const previousHash = previous?.hash ?? GENESIS_HASH;
    if (row.prevHash === previousHash) {
      // A new segment only after a signed checkpoint that closes the old one and names the new format.
      if (!previous || row.format === previous.format) return null;
      const anchored = row.format > previous.format && this.anchored(previous.seq, previous.hash, row.format);
      return anchored ? null : at("reformatted", row);
    }
    // The previous entry claims the same predecessor as this one: it was put in between.
    if (previous && row.prevHash === previous.prevHash) return at("inserted", previous);
    // This entry follows one that sits elsewhere in the chain: it was moved.
    if (row.prevHash !== GENESIS_HASH && (await this.hashElsewhere(row.prevHash))) return at("moved", row);
    // Its predecessor is unknown: the previous entry was rewritten with a fresh hash of its own
    // (or, were the positions renumbered too, removed: the hashes alone cannot tell those apart).
    return previous ? at("changed", previous) : at("changed", row);
  }

  /** After the last page: a removal at the very end shows only against a checkpoint (see verify.ts). */
}
