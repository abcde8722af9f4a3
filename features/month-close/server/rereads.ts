import "server-only";
import { now, nowMs } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { Prisma, type MonthClose } from "@/lib/db/generated/client";
import { ENTRY_KINDS, type EntryKind } from "@/features/payroll/entries/kinds";
import { auditMonthStep } from "./audit";
import { leaseStatus, NO_LEASE } from "../lease";
import { differenceOf, storedAtService } from "./service-reader";
import type { MonthState, TransferDifference } from "../states";
import { log } from "@/lib/log/logger";

/**
 * Reading back what the payroll service holds after a Transfer: 1 and 10 minutes after every
 * Transfer whose requests went out (and after every timed-out request), since a request can land
 * after the app gave up on it. A read that finds the service holding something other than what
 * was sent marks a Transferred month `Transfer unclear` with the difference (shown on the month and
 * the company list); one that finds exactly what was sent, for both kinds, records an unclear or
 * unrecorded Transfer as Transferred. Until the 10-minute read is done no new Transfer of the month
 * starts (./transfer.ts), so a late request cannot land on top of a newer one unseen.
 *
 * Rows of `month_close_rereads` say what is due; the pg-boss job (./jobs.ts)
 * only wakes at the due time and runs `runDueRereads`, as tests do after moving the clock.
 */

type Tx = Prisma.TransactionClient;

/** The payloads as sent per kind, with their history rows. */
export type SentForReread = Partial<Record<EntryKind, { transferId: string; payload: Record<string, unknown>[] }>>;

export const REREAD_AFTER_MINUTES = [1, 10] as const;

/** Writes the two reads of a Transfer (none when nothing went out); their due times, to wake the job at. */
export async function createRereads(
  tx: Tx,
  input: {
    monthCloseId: string;
    round: number;
    sent: SentForReread;
    userId: string;
    userName: string;
    at: Date;
    /** The sealed version the payloads were read from. */
    sealedMonthId: string | null;
  },
): Promise<Date[]> {
  const kinds = ENTRY_KINDS.filter((kind) => input.sent[kind]);
  if (kinds.length === 0) return [];
  const payloads = Object.fromEntries(kinds.map((kind) => [kind, input.sent[kind]!.payload]));
  const dueAts = REREAD_AFTER_MINUTES.map((minutes) => new Date(input.at.getTime() + minutes * 60_000));
  await tx.monthCloseReread.createMany({
    data: REREAD_AFTER_MINUTES.map((minutes, index) => ({
      monthCloseId: input.monthCloseId,
      round: input.round,
      afterMinutes: minutes,
      dueAt: dueAts[index]!,
      sent: payloads as Prisma.InputJsonValue,
      hoursTransferId: input.sent.hours?.transferId ?? null,
      paymentsTransferId: input.sent.payments?.transferId ?? null,
      userId: input.userId,
      userName: input.userName,
      sealedMonthId: input.sealedMonthId,
    })),
  });
  return dueAts;
}

/** The month's Transfer rows still of unknown outcome are recorded as succeeded (the service holds them). */
export async function settleHeldTransfers(
  tx: Tx,
  row: Pick<MonthClose, "hoursTransferId" | "paymentsTransferId">,
): Promise<void> {
  const ids = [row.hoursTransferId, row.paymentsTransferId].filter((id): id is string => id !== null);
  if (ids.length === 0) return;
  await tx.payrollEntryTransfer.updateMany({
    where: { id: { in: ids }, outcome: "unknown" },
    data: { outcome: "succeeded", errorCode: null, errorMessage: null },
  });
}

type DueReread = Prisma.MonthCloseRereadGetPayload<{
  include: {
    monthClose: {
      select: { id: true; companyId: true; period: true; connection: { select: { baseUrl: true; workspaceId: true } } };
    };
  };
}>;

/** Every read due by the app's clock, oldest first; what each found. */
export async function runDueRereads(at: Date = now()): Promise<{ read: number; differences: number }> {
  const due = await getDb().monthCloseReread.findMany({
    where: { doneAt: null, dueAt: { lte: at } },
    orderBy: { dueAt: "asc" },
    take: 50,
    include: {
      monthClose: {
        select: {
          id: true,
          companyId: true,
          period: true,
          connection: { select: { baseUrl: true, workspaceId: true } },
        },
      },
    },
  });
  let differences = 0;
  for (const reread of due) {
    try {
      if (await runReread(reread)) differences += 1;
    } catch (error) {
      // Left not done: the next run tries again.
      log.error({ err: error, rereadId: reread.id }, "month-close: a re-read failed");
    }
  }
  return { read: due.length, differences };
}

/** One read; true when the service held something other than what was sent. */
async function runReread(reread: DueReread): Promise<boolean> {
  const sent = reread.sent as Partial<Record<EntryKind, Record<string, unknown>[]>>;
  const kinds = ENTRY_KINDS.filter((kind) => Array.isArray(sent[kind]));
  const { companyId, connection } = reread.monthClose;
  const found: TransferDifference["kinds"] = [];
  let readable = true;
  for (const kind of kinds) {
    const stored = await storedAtService(connection.baseUrl, companyId, kind);
    if (stored === null) readable = false;
    else found.push({ kind, ...differenceOf(stored, sent[kind]!) });
  }
  const at = now();
  const difference: TransferDifference = { readAt: at.toISOString(), afterMinutes: reread.afterMinutes, kinds: found };
  const differs = found.some((kind) => kind.missing > 0 || kind.unexpected > 0);

  await getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM month_closes WHERE id = ${reread.monthClose.id}::uuid FOR UPDATE`;
    const current = await tx.monthCloseReread.findUniqueOrThrow({ where: { id: reread.id }, select: { doneAt: true } });
    if (current.doneAt) return;
    const row = await tx.monthClose.findUniqueOrThrow({ where: { id: reread.monthClose.id } });
    // Only the round that was sent, and never under a live Transfer (which reads again itself).
    const applies = readable && row.round === reread.round && leaseStatus(row, nowMs()) !== "live";
    let change: ({ state: MonthState } & Prisma.MonthCloseUpdateInput) | null = null;
    if (
      applies &&
      !differs &&
      kinds.length === ENTRY_KINDS.length &&
      (row.state === "transfer_unclear" || row.state === "approved")
    ) {
      // Both kinds landed exactly as sent (late, or with the answer unrecorded): that is a Transfer.
      await settleHeldTransfers(tx, reread);
      change = {
        state: "transferred",
        transferredAt: at,
        lastTransferMessage: null,
        transferDifference: Prisma.DbNull,
        ...NO_LEASE,
      };
    } else if (applies && differs && (row.state === "transferred" || row.state === "transfer_unclear")) {
      change = { state: "transfer_unclear", transferDifference: difference as unknown as Prisma.InputJsonValue };
    } else if (
      applies &&
      !differs &&
      found.length > 0 &&
      kinds.length < ENTRY_KINDS.length &&
      row.state === "transfer_unclear"
    ) {
      // What was sent landed (late: the request had timed out), the rest never went out: the month
      // says so instead of the request's failure ("could not be reached"); it stays to be checked or sent again.
      const notSent = ENTRY_KINDS.filter((kind) => !kinds.includes(kind));
      const finding: TransferDifference = { ...difference, notSent };
      change = {
        state: row.state,
        lastTransferMessage: null,
        transferDifference: finding as unknown as Prisma.InputJsonValue,
      };
    }
    if (change) {
      const updated = await tx.monthClose.update({ where: { id: row.id }, data: change });
      await auditMonthStep(tx, {
        kind: "month_close.step",
        actor: { workspaceId: connection.workspaceId, userId: reread.userId, name: reread.userName, roles: [] },
        companyId,
        period: reread.monthClose.period,
        action: "check_result",
        from: row.state,
        to: updated.state,
        round: updated.round,
        details: { reread: reread.afterMinutes, held: !differs, difference },
        month: row,
      });
    }
    await tx.monthCloseReread.update({
      where: { id: reread.id },
      data: { doneAt: at, result: { readable, difference } as unknown as Prisma.InputJsonValue },
    });
  });
  return differs;
}
