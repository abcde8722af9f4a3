import "server-only";
import { Prisma } from "@/lib/db/generated/client";
import type { ChainEntry } from "../canonical";

/**
 * An entry's columns as the chain hashes them, read in SQL so the value is the stored one whatever
 * the driver's time zone: `occurred_at` (timestamp(3), UTC) as ISO text with milliseconds and Z.
 */
export const ENTRY_COLUMNS = Prisma.sql`e.id::text AS id, e.workspace_id::text AS workspace_id,
  to_char(e.occurred_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at, e.actor_id::text AS actor_id,
  e.kind, e.company_id, e.period, e.subject_id, e.details`;

export interface EntryColumns {
  id: string;
  workspace_id: string;
  occurred_at: string;
  actor_id: string | null;
  kind: string;
  company_id: number | null;
  period: string | null;
  subject_id: string | null;
  details: unknown;
}

export function chainEntryOf(row: EntryColumns): ChainEntry {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    occurredAt: row.occurred_at,
    actorId: row.actor_id,
    kind: row.kind,
    companyId: row.company_id,
    period: row.period,
    subjectId: row.subject_id,
    details: row.details,
  };
}
