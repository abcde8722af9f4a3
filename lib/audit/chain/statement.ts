import { canonicalJson } from "./canonical";

/** What a checkpoint signs: a workspace's chain head, as canonical JSON (docs/audit-trail-verification.md). */
export interface CheckpointStatement {
  type: "ledgerlane.audit-checkpoint";
  format: 1;
  workspaceId: string;
  /** Entries in the chain up to and including the head. */
  count: number;
  headHash: string;
  /** ISO 8601 with milliseconds, UTC. */
  signedAt: string;
  keyFingerprint: string;
  /**
   * Only on a checkpoint that closes a segment: the chain format of the links after `count`
   * (docs/adr/0295-audit-chain-segments.md). Absent otherwise, so a daily checkpoint's text is as before.
   */
  opensFormat?: number;
}

export function statementText(statement: Omit<CheckpointStatement, "type" | "format">): string {
  return canonicalJson({ type: "ledgerlane.audit-checkpoint", format: 1, ...statement });
}
