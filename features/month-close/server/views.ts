import "server-only";
import { getDb } from "@/lib/db/client";
import type { MonthClose, Prisma } from "@/lib/db/generated/client";
import { nowMs } from "@/lib/clock";
import { ensureMonthRow } from "@/features/payroll/month-lock/server/frozen";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import { effectiveFourEyes } from "./four-eyes";
import { checkableFrom, leaseStatus } from "../lease";
import type { MonthCloseView, TransferDifference } from "../states";

// A month's close as the pages read it, and its row taken under lock for a step (./service.ts).

type Tx = Prisma.TransactionClient;

/** A month's row as the views read it, with its pending 10-minute re-read (./rereads.ts). */
export type ViewRow = MonthClose & { rereads?: { dueAt: Date }[] };

/** The pending 10-minute re-read, for the views. */
export const PENDING_REREAD = {
  rereads: {
    where: { doneAt: null, afterMinutes: 10 },
    select: { dueAt: true },
    orderBy: { dueAt: "desc" as const },
    take: 1,
  },
};

/**
 * The view of a month. `workspaceFourEyes` is the workspace's rule now; a round in review keeps the
 * rule in force when it was submitted (an owner's switch applies from the next submission).
 */
export function toView(row: ViewRow, workspaceFourEyes: boolean): MonthCloseView {
  const at = nowMs();
  const lease = leaseStatus(row, at);
  const leaseStart = row.transferStartedAt ?? row.transferHeartbeatAt ?? new Date(0);
  const heartbeat = row.transferHeartbeatAt ?? leaseStart;
  return {
    companyId: row.companyId,
    period: row.period,
    state: row.state,
    round: row.round,
    submittedBy: row.submittedByName,
    submittedById: row.submittedById,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    approvedBy: row.approvedByName,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    handedInBy: row.handedInByName,
    handedInAt: row.handedInAt?.toISOString() ?? null,
    sentBackReason: row.sentBackReason,
    sentBackBy: row.sentBackByName,
    sentBackAt: row.sentBackAt?.toISOString() ?? null,
    reopenReason: row.reopenReason,
    reopenedBy: row.reopenedByName,
    reopenedAt: row.reopenedAt?.toISOString() ?? null,
    transferredAt: row.transferredAt?.toISOString() ?? null,
    lastTransferMessage: row.lastTransferMessage,
    fourEyes:
      row.state === "in_review" && row.fourEyesAtSubmission !== null ? row.fourEyesAtSubmission : workspaceFourEyes,
    transferUnderWay:
      lease === "live"
        ? {
            startedAt: leaseStart.toISOString(),
            startedBy: row.transferStartedByName,
            heartbeatAt: heartbeat.toISOString(),
            checkableFrom: checkableFrom(row).toISOString(),
          }
        : null,
    transferStopped:
      lease === "stale"
        ? {
            startedAt: leaseStart.toISOString(),
            startedBy: row.transferStartedByName,
            heartbeatAt: heartbeat.toISOString(),
          }
        : null,
    rereadDueAt: row.rereads?.[0]?.dueAt.toISOString() ?? null,
    transferDifference: (row.transferDifference as TransferDifference | null) ?? null,
  };
}

function openView(key: MonthKey, fourEyes: boolean): MonthCloseView {
  return {
    companyId: key.companyId,
    period: key.period,
    state: "open",
    round: 1,
    submittedBy: null,
    submittedById: null,
    submittedAt: null,
    approvedBy: null,
    approvedAt: null,
    handedInBy: null,
    handedInAt: null,
    sentBackReason: null,
    sentBackBy: null,
    sentBackAt: null,
    reopenReason: null,
    reopenedBy: null,
    reopenedAt: null,
    transferredAt: null,
    lastTransferMessage: null,
    fourEyes,
    transferUnderWay: null,
    transferStopped: null,
    rereadDueAt: null,
    transferDifference: null,
  };
}

export const where = (key: MonthKey) => ({
  connectionId_companyId_period: { connectionId: key.connectionId, companyId: key.companyId, period: key.period },
});

/** A month's close as the pages show it (Open in round 1 when nothing happened yet). */
export async function monthCloseView(key: MonthKey, workspaceId: string): Promise<MonthCloseView> {
  const db = getDb();
  const [row, fourEyes] = await Promise.all([
    db.monthClose.findUnique({ where: where(key), include: PENDING_REREAD }),
    effectiveFourEyes(db, workspaceId),
  ]);
  return row ? toView(row, fourEyes) : openView(key, fourEyes);
}

/** The current month's close of each company (the company list). */
export async function monthCloseViews(
  connectionId: string,
  companies: readonly { id: number; current_month: string }[],
  workspaceId: string,
): Promise<Map<number, MonthCloseView>> {
  const db = getDb();
  const [rows, fourEyes] = await Promise.all([
    db.monthClose.findMany({
      where: {
        connectionId,
        OR: companies.map((company) => ({ companyId: company.id, period: company.current_month })),
      },
    }),
    effectiveFourEyes(db, workspaceId),
  ]);
  const found = new Map(rows.map((row) => [row.companyId, row]));
  return new Map(
    companies.map((company) => {
      const row = found.get(company.id);
      return [
        company.id,
        row
          ? toView(row, fourEyes)
          : openView({ connectionId, companyId: company.id, period: company.current_month }, fourEyes),
      ];
    }),
  );
}

export async function lockMonth(tx: Tx, key: MonthKey): Promise<ViewRow> {
  await ensureMonthRow(tx, key);
  await tx.$queryRaw`SELECT id FROM month_closes WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND period = ${key.period} FOR UPDATE`;
  return tx.monthClose.findUniqueOrThrow({ where: where(key), include: PENDING_REREAD });
}
