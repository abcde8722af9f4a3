import "server-only";
import { now, nowMs } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { toApiError } from "@/lib/http/api-error";
import { scheduleRereadWake } from "./jobs";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { requireCompany, type CompanyRecord } from "@/features/payroll/connection/server/companies";
import { clientForConnection } from "@/features/payroll/connection/server/connection";
import { ENTRY_KINDS, type EntryKind } from "@/features/payroll/entries/kinds";
import { transferEntries, type RecordingPolicy } from "@/features/payroll/entries/server/transfers";
import { auditMonthStep } from "./audit";
import { sealedToSend } from "../sealing/server/sealed-lines";
import { HEARTBEAT_MS, leaseStatus, NO_LEASE } from "../lease";
import { createRereads, type SentForReread } from "./rereads";
import { TX } from "./service";
import { lockMonth, monthCloseView, toView } from "./views";
import type { MonthCloseView } from "../states";
import type { TransferJobData } from "./transfer-job-data";
import { endState, failureMessage, heldBefore, RECORDING, withRetries, type KindOutcome } from "./transfer-job-steps";
import { log } from "@/lib/log/logger";

/**
 * A month's Transfer as a durable job (pg-boss, ./jobs.ts): the request took the
 * month's lease and enqueued (./transfer.ts `requestTransfer`); whichever process picks the job up
 * runs this. pg-boss hands a job out again when its process died or it threw; the month's lease
 * decides whether this run may go on:
 * - the month no longer holds the request's lease (the Transfer ended, or a person checked or sent
 *   again after its runner died): nothing to do;
 * - a live runner renews the lease's heartbeat: this is a second copy of the job, it throws and
 *   pg-boss tries it again later (by then that runner has ended it, or has died);
 * - nobody runs it yet, or its runner's heartbeat stopped (kill -9, restart): this run takes it.
 *   After a dead runner it first reads what the service holds of each kind that runner may have
 *   sent, as Check transfer does: a kind held exactly is recorded as sent, not sent again.
 * Each kind's history row is written before its call goes out (features/payroll/entries/server/transfers.ts).
 */

interface TransferRunResult {
  monthClose: MonthCloseView;
  /** Per kind. */
  outcome: Record<EntryKind, KindOutcome>;
  /** The service's words when it did not accept everything. */
  message: string | null;
  /** The service answered but the answer (or the month's result) could not be recorded: the month stays Transfer unclear. */
  unrecorded: boolean;
  /** This run took over from a runner that died: kinds already held at the service were not sent again. */
  resumed: boolean;
}

export interface TransferJobDeps {
  /** Recording a kind's answer and the month's result (tried again while a row is locked). */
  recording?: RecordingPolicy;
  /** Wakes the re-read job at a due time (default: a pg-boss job with startAfter). */
  wake?: (dueAt: Date) => Promise<void>;
  /** The payroll service to send to (default: the month's connection, as stored). */
  payroll?: { client: PayrollClient; company: CompanyRecord };
}

/** Thrown when a live runner holds the month: pg-boss tries this job again later. */
export class TransferHeldError extends Error {
  constructor() {
    super("The month's Transfer is run by another live process.");
    this.name = "TransferHeldError";
  }
}

/** Takes the month for this run under its row lock (see the module's comment); null: nothing to do. */
async function claim(data: TransferJobData) {
  return getDb().$transaction(async (tx) => {
    const row = await lockMonth(tx, data.key);
    if (row.transferLeaseId !== data.leaseId) return null;
    // A heartbeat is renewed only by a runner: a live one means another copy of this job is sending.
    if (row.transferHeartbeatAt && leaseStatus(row, nowMs()) === "live") throw new TransferHeldError();
    const resumed = row.transferHeartbeatAt !== null;
    const claimed = await tx.monthClose.update({ where: { id: row.id }, data: { transferHeartbeatAt: now() } });
    return { row: claimed, resumed };
  }, TX);
}

async function payrollOf(
  data: TransferJobData,
  deps: TransferJobDeps,
): Promise<{ client: PayrollClient; company: CompanyRecord }> {
  if (deps.payroll) return deps.payroll;
  const client = await clientForConnection(data.key.connectionId);
  return { client, company: await requireCompany(data.key.connectionId, data.key.companyId, client) };
}

/**
 * Runs a month's Transfer from its job: both kinds, hours first, the approved lines as stored; a kind
 * not accepted stops the rest. Ends the lease with the month's new state and schedules the re-reads
 * of what went out (./rereads.ts). Null when the month no longer holds this job's lease.
 */
export async function runTransferJob(
  data: TransferJobData,
  deps: TransferJobDeps = {},
): Promise<TransferRunResult | null> {
  const claimed = await claim(data);
  if (!claimed) return null;
  const { row: started, resumed } = claimed;
  const { key, actor, leaseId } = data;
  const policy = deps.recording ?? RECORDING;
  const mine = { id: started.id, transferLeaseId: leaseId };
  // The heartbeat: this process is alive while it sends (a dead one stops renewing it).
  const heartbeat = setInterval(() => {
    getDb()
      .monthClose.updateMany({ where: mine, data: { transferHeartbeatAt: now() } })
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const outcome: Record<EntryKind, KindOutcome> = { hours: "not_sent", payments: "not_sent" };
  const sent: SentForReread = {};
  let message: string | null = null;
  let sealedMonthId: string | null = null;
  try {
    const { client, company } = await payrollOf(data, deps);
    // Exactly the month's latest sealed version, never the drafts (docs/adr/0261).
    const sealed = await sealedToSend(key);
    sealedMonthId = sealed.id;
    const lines = sealed.content.lines;
    const before = resumed ? await heldBefore(data, started, client, company, lines) : {};
    for (const kind of ENTRY_KINDS) {
      const earlier = kind === "hours" ? started.hoursTransferId : started.paymentsTransferId;
      const found = before[kind];
      if (found?.status === "held" && earlier) {
        // The dead runner's request of this kind landed as approved: recorded as sent, not sent twice.
        outcome[kind] = "succeeded";
        sent[kind] = { transferId: earlier, payload: found.payload };
        continue;
      }
      if (found?.status === "unreadable") {
        // What the dead runner sent cannot be read back: sending again could not be told apart from it.
        outcome[kind] = "unknown";
        break;
      }
      try {
        const result = await transferEntries({
          audit: { workspaceId: actor.workspaceId, userId: actor.userId, name: actor.name },
          connectionId: key.connectionId,
          userId: actor.userId,
          userName: actor.name,
          client,
          company,
          kind,
          lines: lines[kind],
          recording: policy,
          sealedMonthId: sealed.id,
          onSending: async (transferId, payload) => {
            sent[kind] = { transferId, payload: payload as Record<string, unknown>[] };
            await getDb().monthClose.updateMany({
              where: mine,
              data: kind === "hours" ? { hoursTransferId: transferId } : { paymentsTransferId: transferId },
            });
          },
        });
        outcome[kind] = result.status;
        message = failureMessage(result) ?? message;
        // The service took this kind (recorded or not): the next one is sent.
        if (result.status !== "succeeded" && !(result.status === "unrecorded" && result.answer === "succeeded")) break;
      } catch (error) {
        // Thrown only when the call surely stored nothing (see transferEntries): never a database's own words.
        outcome[kind] = "failed";
        message = toApiError(error).message;
        break;
      }
    }
  } catch (error) {
    // The connection, the company or the service's data cannot be reached before this run sent
    // anything: after a dead runner that sent a kind, what the service holds is not known.
    const sentBefore = resumed && (started.hoursTransferId !== null || started.paymentsTransferId !== null);
    if (outcome.hours === "not_sent") outcome.hours = sentBefore ? "unknown" : "failed";
    message = toApiError(error).message;
  } finally {
    clearInterval(heartbeat);
  }

  const to = endState(outcome);
  const reread: SentForReread = Object.fromEntries(
    Object.entries(sent).filter(([kind]) =>
      ["succeeded", "unknown", "unrecorded"].includes(outcome[kind as EntryKind]),
    ),
  );
  const finished = await withRetries(policy, async (tx) => {
    const at = now();
    const { count } = await tx.monthClose.updateMany({
      where: mine,
      data: {
        ...NO_LEASE,
        state: to,
        transferredAt: to === "transferred" ? at : undefined,
        lastTransferMessage: message,
      },
    });
    // The lease was taken over (this process was taken for dead): that Transfer's result stands.
    if (count === 0) return [];
    await auditMonthStep(tx, {
      kind: "month_close.step",
      actor,
      companyId: key.companyId,
      period: key.period,
      action: "transfer_result",
      from: started.state,
      to,
      round: started.round,
      details: { outcome, message, ...(resumed ? { resumed } : {}) },
      month: started,
    });
    return createRereads(tx, {
      monthCloseId: started.id,
      round: started.round,
      sent: reread,
      userId: actor.userId,
      userName: actor.name,
      at,
      sealedMonthId,
    });
  });
  if (finished.ok) {
    for (const dueAt of finished.value)
      await (deps.wake ?? scheduleRereadWake)(dueAt).catch((error: Error) =>
        log.error({ err: error }, "month-close: re-read not scheduled"),
      );
  }
  const unrecorded = !finished.ok || Object.values(outcome).includes("unrecorded");
  const monthClose = await monthCloseView(key, actor.workspaceId).catch(() =>
    toView({ ...started, rereads: [] }, false),
  );
  return { monthClose, outcome, message, unrecorded, resumed };
}
