import "server-only";
import { getDb } from "@/lib/db/client";
import { ACTOR_JOINS, actorNameSql, ERASED_STAFF_LABEL } from "@/lib/audit/server/people";
import { canonicalHash } from "@/features/month-close/sealing/canonical";
import type { MonthSnapshot } from "@/features/month-close/sealing/snapshot";
import { ENTRY_KINDS } from "@/features/payroll/entries/kinds";
import type { AccessRow, AuditRow, SealedLineRow, SealedVersionRow, TransferRow } from "./rows";

/**
 * What an export for a tax audit holds, read for one company of a workspace and the months
 * from–to (both included; `YYYY-MM` compares as text): every sealed version and its lines, the
 * transfers, the audit trail's entries with their links in the chain, and the access log.
 */
export interface TaxAuditData {
  versions: SealedVersionRow[];
  lines: SealedLineRow[];
  transfers: TransferRow[];
  audit: AuditRow[];
  access: AccessRow[];
}

export async function readTaxAuditData(
  workspaceId: string,
  companyId: number,
  from: string,
  to: string,
): Promise<TaxAuditData> {
  const db = getDb();
  const period = { gte: from, lte: to };
  const [sealed, transfers, audit, access] = await Promise.all([
    db.sealedMonth.findMany({
      where: { workspaceId, companyId, period },
      orderBy: [{ period: "asc" }, { version: "asc" }],
    }),
    db.payrollEntryTransfer.findMany({
      where: { connection: { workspaceId }, companyId, period },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      omit: { lines: true, issues: true },
    }),
    // With each entry's link in the workspace's chain (none yet: the chainer has not reached it).
    db.$queryRaw<AuditRow[]>`
      SELECT e.id, l.seq, e.occurred_at AS "occurredAt", e.kind, e.actor_id AS "actorId",
             ${actorNameSql(ERASED_STAFF_LABEL.de)} AS "actorName", e.company_id AS "companyId", e.period, e.subject_id AS "subjectId",
             e.details, l.prev_hash AS "prevHash", l.hash
        FROM audit_entries e LEFT JOIN audit_chain_links l ON l.entry_id = e.id ${ACTOR_JOINS}
       WHERE e.workspace_id = ${workspaceId}::uuid AND e.company_id = ${companyId}
         AND e.period >= ${from} AND e.period <= ${to}
       ORDER BY e.occurred_at, e.id`,
    db.accessLogEntry.findMany({
      where: { workspaceId, companyId, period },
      orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
    }),
  ]);
  const versions: SealedVersionRow[] = [];
  const lines: SealedLineRow[] = [];
  for (const row of sealed) {
    const content = row.content as unknown as MonthSnapshot;
    versions.push({
      id: row.id,
      companyId: row.companyId,
      period: row.period,
      version: row.version,
      hash: row.hash,
      intact: canonicalHash(row.content) === row.hash,
      sealedAt: row.sealedAt,
      sealedById: row.sealedById,
      sealedAtMigration: row.sealedAtMigration,
      fourEyes: content.review?.fourEyes ?? null,
      approvedById: content.review?.approvedById ?? null,
    });
    for (const kind of ENTRY_KINDS)
      (content.lines?.[kind] ?? []).forEach((line, index) =>
        lines.push({ versionId: row.id, kind, position: index + 1, line }),
      );
  }
  return { versions, lines, transfers, audit, access };
}
