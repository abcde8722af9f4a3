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
}

export function statementText(statement: Omit<CheckpointStatement, "type" | "format">): string {
  return canonicalJson({ type: "ledgerlane.audit-checkpoint", format: 1, ...statement });
}
