import "server-only";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import type { CompanyRecord } from "@/features/payroll/connection/server/companies";
import { ENTRY_KINDS, type EntryKind } from "@/features/payroll/entries/kinds";
import { transferSchema } from "@/features/payroll/entries/schemas";
import type { RecordingPolicy, TransferResult } from "@/features/payroll/entries/server/transfers";
import { settleHeldTransfers } from "./rereads";
import { holdsExactly, storedAtService } from "./service-reader";
import type { MonthState } from "../states";
import type { TransferJobData } from "./transfer-job-data";
import { log } from "@/lib/log/logger";

// The steps of a month's Transfer job (./transfer-job.ts): how a run ends, how its results are
// recorded, and what a dead runner already sent.

export type KindOutcome = TransferResult["status"] | "not_sent" | "failed";

export const RECORDING: RecordingPolicy = { attempts: 3, lockTimeoutMs: 3_000, pauseMs: 1_000 };

/** Where a Transfer ends: all accepted → Transferred; a pay-run refusal → Waiting; no clear answer (or none recorded) → unclear; else back to Approved. */
export function endState(outcome: Record<EntryKind, KindOutcome>): MonthState {
  const all = Object.values(outcome);
  if (all.every((status) => status === "succeeded")) return "transferred";
  if (all.includes("unknown") || all.includes("unrecorded")) return "transfer_unclear";
  if (all.includes("pay_run")) return "waiting_for_pay_run";
  return "approved";
}

export function failureMessage(result: TransferResult): string | null {
  switch (result.status) {
    case "succeeded":
      return null;
    case "invalid":
      return result.problems[0]?.message ?? "Some lines are not valid.";
    case "unrecorded":
      // The app's own trouble, not the service's words (`unrecorded` in the result says it).
      return null;
    default:
      return result.message;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` in a transaction with a lock timeout, again while it fails (a locked row), at most `policy.attempts` times. */
export async function withRetries<T>(
  policy: RecordingPolicy,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false }> {
  for (let attempt = 1; attempt <= policy.attempts; attempt += 1) {
    try {
      const value = await getDb().$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${Math.round(policy.lockTimeoutMs)}ms'`);
          return work(tx);
        },
        { timeout: policy.lockTimeoutMs * 3 + 5_000, maxWait: policy.lockTimeoutMs + 5_000 },
      );
      return { ok: true, value };
    } catch (error) {
      log.warn(
        { try: attempt, of: policy.attempts, error: (error as Error).name },
        "month-close: recording a transfer's result failed",
      );
      if (attempt < policy.attempts) await pause(policy.pauseMs);
    }
  }
  return { ok: false };
}

/**
 * The kinds a dead runner may have sent (its history rows on the month), read back from the
 * service: held exactly as approved → recorded as sent (and not sent again); held otherwise or not
 * at all → sent again; the service cannot be read → not known (the month stays Transfer unclear).
 */
export async function heldBefore(
  data: TransferJobData,
  row: { id: string; hoursTransferId: string | null; paymentsTransferId: string | null },
  client: PayrollClient,
  company: CompanyRecord,
  lines: Record<EntryKind, unknown>,
) {
  const held: Partial<
    Record<EntryKind, { status: "held"; payload: Record<string, unknown>[] } | { status: "unreadable" }>
  > = {};
  const sentBefore = { hours: row.hoursTransferId, payments: row.paymentsTransferId };
  if (!sentBefore.hours && !sentBefore.payments) return held;
  const connection = await getDb().payrollConnection.findUniqueOrThrow({
    where: { id: data.key.connectionId },
    select: { baseUrl: true },
  });
  const employees = await client.listEmployees(company.id);
  const context = {
    companyId: company.id,
    month: data.key.period,
    employeeIds: new Set(employees.map((employee) => employee.id)),
  };
  for (const kind of ENTRY_KINDS) {
    const transferId = sentBefore[kind];
    if (!transferId) continue;
    const stored = await storedAtService(connection.baseUrl, company.id, kind);
    if (stored === null) {
      held[kind] = { status: "unreadable" };
      continue;
    }
    const approved = transferSchema(kind, context).safeParse(lines[kind]);
    if (approved.success && holdsExactly(stored, approved.data)) {
      held[kind] = { status: "held", payload: approved.data as Record<string, unknown>[] };
      await getDb().$transaction((tx) =>
        settleHeldTransfers(
          tx,
          kind === "hours"
            ? { hoursTransferId: transferId, paymentsTransferId: null }
            : { hoursTransferId: null, paymentsTransferId: transferId },
        ),
      );
    }
  }
  return held;
}
