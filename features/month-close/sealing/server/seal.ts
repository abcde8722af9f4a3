import "server-only";
import { recordAudit } from "@/lib/audit/server/record";
import type { MonthClose, Prisma } from "@/lib/db/generated/client";
import type { EntryKind, StoredLine } from "@/features/payroll/entries/kinds";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import { buildSnapshot } from "../snapshot";

/**
 * Sealing a month at its approval (docs/adr/0260-sealed-months.md), in the approval's transaction
 * and under the month's row lock the approval holds: the approved lines, the checks' findings, the
 * round's acknowledgements and the review become version n + 1 of the month, with the SHA-256 of
 * its canonical form, and an audit entry `month_close.sealed` names the version and its hash.
 */

export interface SealRequest {
  key: MonthKey;
  actor: { workspaceId: string; userId: string; name: string };
  /** The month's row as the approval left it (state Approved, approver and time set). */
  month: MonthClose;
  /** The four-eyes rule the approval was under. */
  fourEyes: boolean;
  lines: Record<EntryKind, StoredLine[]>;
  /** The checks' findings the gate judged the approval by (warnings; blockers refuse the approval). */
  findings: readonly object[];
}

export interface SealedVersion {
  id: string;
  version: number;
  hash: string;
}

/** The next version of a month: one more than its versions so far (the row lock keeps two approvals apart). */
export async function nextVersion(tx: Prisma.TransactionClient, key: MonthKey): Promise<number> {
  const last = await tx.sealedMonth.findFirst({
    where: { connectionId: key.connectionId, companyId: key.companyId, period: key.period },
    orderBy: { version: "desc" },
    select: { version: true },
  });
  return (last?.version ?? 0) + 1;
}

export async function sealApprovedMonth(tx: Prisma.TransactionClient, request: SealRequest): Promise<SealedVersion> {
  const { key, actor, month } = request;
  const [version, acknowledgements] = await Promise.all([
    nextVersion(tx, key),
    tx.monthCloseAcknowledgement.findMany({
      where: { monthCloseId: month.id, round: month.round },
      select: { warningId: true, userId: true, createdAt: true, comment: true },
    }),
  ]);
  const { content, texts, hash } = buildSnapshot({
    companyId: key.companyId,
    period: key.period,
    version,
    month,
    fourEyes: request.fourEyes,
    lines: request.lines,
    findings: request.findings,
    acknowledgements,
    sealedAtMigration: false,
  });
  const sealed = await tx.sealedMonth.create({
    data: {
      workspaceId: actor.workspaceId,
      connectionId: key.connectionId,
      companyId: key.companyId,
      period: key.period,
      version,
      content: content as unknown as Prisma.InputJsonObject,
      hash,
      sealedById: actor.userId,
      sealedAt: month.approvedAt ?? new Date(),
      texts: { create: texts },
    },
    select: { id: true },
  });
  await recordAudit(tx, actor, {
    kind: "month_close.sealed",
    companyId: key.companyId,
    period: key.period,
    subjectId: sealed.id,
    details: { version, hash, round: month.round },
  });
  return { id: sealed.id, version, hash };
}
