import "server-only";
import type { Prisma } from "@/lib/db/generated/client";

/**
 * Takes the workspace's chain lock for the transaction (an advisory lock): whoever appends to the
 * chain or closes a segment holds it, so the head they read stays the head until they commit.
 * Run it as a statement of its own: the next statement's snapshot then sees the previous holder's commit.
 */
export async function lockChain(tx: Prisma.TransactionClient, workspaceId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`ledgerlane audit chain ${workspaceId}`}, 0))`;
}
