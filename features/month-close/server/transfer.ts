import "server-only";
import { randomUUID } from "node:crypto";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import { enqueueTransfer } from "./jobs";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import type { CompanyRecord } from "@/features/payroll/connection/server/companies";
import { ENTRY_KINDS } from "@/features/payroll/entries/kinds";
import { transferSchema } from "@/features/payroll/entries/schemas";
import { auditMonthStep, type MonthActor } from "./audit";
import { sealedToSend } from "../sealing/server/sealed-lines";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import { NO_LEASE } from "../lease";
import { settleHeldTransfers } from "./rereads";
import { differenceOf, holdsExactly, storedAtService } from "./service-reader";
import { refuseUnlessAllowed, stateWords, transition, TX, ROLE_WORDS } from "./service";
import { lockMonth, monthCloseView } from "./views";
import { ACTION_FROM, holdsRole, type MonthCloseView, type MonthState, type TransferDifference } from "../states";
import type { TransferJobData } from "./transfer-job-data";
import { log } from "@/lib/log/logger";

/**
 * Transfer and Check transfer of a month close. Transfer is a durable job: the request takes the
 * month's lease (./lease.ts) and enqueues the Transfer (./jobs.ts), then answers
 * at once; whichever process picks the job up sends (./transfer-job.ts) while the page follows the
 * month's state, shown as Transferring. Every request that went out is read back from the service
 * after 1 and 10 minutes (./rereads.ts); until the 10-minute read is done no new Transfer starts.
 */

interface TransferRequestAnswer {
  /** The month as it is now: Transferring while the job runs (the page follows it). */
  monthClose: MonthCloseView;
  /** Whose Transfer is under way when another person's was running already (this request started none). */
  transferredBy: string | null;
}

interface TransferRequestDeps {
  /** Enqueues the Transfer's job (default: pg-boss). */
  enqueue?: (data: TransferJobData) => Promise<void>;
}

/**
 * Approved (or Waiting for pay run, or Transfer unclear: send again) → the month stored as Transfer
 * unclear under a new lease, whose heartbeat only the job's runner renews, and the job enqueued.
 * While another Transfer's lease is live this starts none and answers with that one (the page
 * follows it to its result). Refused while the last transfer's 10-minute re-read is not done (409
 * `transfer_rereading`). When the job cannot be enqueued the month returns to where it was and the
 * request fails: nothing was sent.
 */
export async function requestTransfer(
  key: MonthKey,
  actor: MonthActor,
  deps: TransferRequestDeps = {},
): Promise<TransferRequestAnswer> {
  const leaseId = randomUUID();
  let started: { id: string; from: MonthState; round: number };
  try {
    started = await getDb().$transaction(async (tx) => {
      const row = await lockMonth(tx, key);
      refuseUnlessAllowed(row, "transfer", actor, false);
      const pending = row.rereads?.[0];
      if (pending) {
        const due = pending.dueAt.toISOString();
        throw new ApiError(
          "transfer_rereading",
          `The last transfer is read back from the payroll service at ${due}; a new transfer starts after that.`,
          { extra: { state: row.state, rereadDueAt: due } },
        );
      }
      const updated = await tx.monthClose.update({
        where: { id: row.id },
        // No heartbeat until a runner takes the job (./transfer-job.ts): the lease is live for 30 s from its start.
        data: {
          state: "transfer_unclear",
          transferLeaseId: leaseId,
          transferStartedAt: now(),
          transferHeartbeatAt: null,
          transferStartedByName: actor.name,
          lastTransferMessage: null,
          transferDifference: Prisma.DbNull,
          hoursTransferId: null,
          paymentsTransferId: null,
        },
      });
      await auditMonthStep(tx, {
        kind: "month_close.step",
        actor,
        companyId: key.companyId,
        period: key.period,
        action: "transfer",
        from: row.state,
        to: updated.state,
        round: updated.round,
      });
      return { id: row.id, from: row.state, round: row.round };
    }, TX);
  } catch (error) {
    if (error instanceof ApiError && error.code === "transfer_under_way") {
      const monthClose = await monthCloseView(key, actor.workspaceId);
      return { monthClose, transferredBy: monthClose.transferUnderWay?.startedBy ?? null };
    }
    throw error;
  }

  try {
    await (deps.enqueue ?? enqueueTransfer)({ key, leaseId, actor });
  } catch (error) {
    // Not enqueued: nothing will be sent; the month goes back unless a runner took it meanwhile (it cannot: there is no job).
    log.error({ err: error }, "month-close: transfer not enqueued");
    await getDb().$transaction(async (tx) => {
      const { count } = await tx.monthClose.updateMany({
        where: { id: started.id, transferLeaseId: leaseId },
        data: { ...NO_LEASE, state: started.from },
      });
      if (count)
        await auditMonthStep(tx, {
          kind: "month_close.step",
          actor,
          companyId: key.companyId,
          period: key.period,
          action: "transfer_result",
          from: "transfer_unclear",
          to: started.from,
          round: started.round,
          details: { enqueued: false },
        });
    }, TX);
    throw new ApiError("unavailable", "The transfer could not be started; nothing was sent. Try again in a moment.");
  }
  return { monthClose: await monthCloseView(key, actor.workspaceId), transferredBy: null };
}

export interface CheckResult {
  monthClose: MonthCloseView;
  /** False when the service's data could not be read: the month stays Transfer unclear. */
  resolved: boolean;
}

/**
 * Transfer unclear → reads what the service holds of the month and compares it with the approved
 * lines: both kinds held exactly → Transferred (the Transfer's history rows of unknown outcome are
 * then recorded as succeeded); otherwise → Approved (to be sent again). When the service cannot be
 * read, nothing changes. Refused while a Transfer is alive (409 `transfer_under_way`); a dead one's
 * lease is taken over.
 */
export async function checkTransfer(
  key: MonthKey,
  actor: MonthActor,
  client: PayrollClient,
  company: CompanyRecord,
  baseUrl: string,
): Promise<CheckResult> {
  // Refused before the service is read; checked again under the row lock below.
  const before = await monthCloseView(key, actor.workspaceId);
  if (!holdsRole(actor.roles, "check"))
    throw new ApiError("forbidden", `A transfer is checked by a member with ${ROLE_WORDS.check}.`);
  if (!ACTION_FROM.check.includes(before.state))
    throw new ApiError("month_state", `The month is ${stateWords(before.state)}; there is no transfer to check.`, {
      extra: { state: before.state },
    });
  if (before.transferUnderWay) {
    const from = before.transferUnderWay.checkableFrom;
    throw new ApiError(
      "transfer_under_way",
      `A transfer of this month is under way; if it stops, the month can be checked from ${from}.`,
      {
        extra: { state: before.state, checkableFrom: from },
      },
    );
  }

  // Compared with the sealed version that was (or is to be) sent, never the drafts.
  const [{ content }, employees] = await Promise.all([sealedToSend(key), client.listEmployees(company.id)]);
  const lines = content.lines;
  const context = {
    companyId: company.id,
    month: key.period,
    employeeIds: new Set(employees.map((employee) => employee.id)),
  };
  let held = true;
  const found: TransferDifference["kinds"] = [];
  for (const kind of ENTRY_KINDS) {
    const stored = await storedAtService(baseUrl, company.id, kind);
    if (stored === null) return { monthClose: before, resolved: false };
    const sent = transferSchema(kind, context).safeParse(lines[kind]);
    if (!sent.success || !holdsExactly(stored, sent.data)) held = false;
    if (sent.success) found.push({ kind, ...differenceOf(stored, sent.data) });
  }
  /** What Check found, for the Approved month to say (the kinds held as sent, and those the last Transfer never sent). */
  const finding = (
    row: { hoursTransferId: string | null; paymentsTransferId: string | null },
    at: Date,
  ): TransferDifference => {
    const notSent = ENTRY_KINDS.filter(
      (kind) => (kind === "hours" ? row.hoursTransferId : row.paymentsTransferId) === null,
    );
    const kinds = found.filter((kind) => !(notSent.includes(kind.kind) && kind.held === 0));
    return { readAt: at.toISOString(), afterMinutes: 0, checked: true, kinds, notSent };
  };

  const monthClose = await transition(key, actor, {
    action: "check",
    before: async (tx, row) => {
      if (held) await settleHeldTransfers(tx, row);
    },
    change: (row, at) =>
      held
        ? { state: "transferred", transferredAt: at, transferDifference: Prisma.DbNull, ...NO_LEASE }
        : {
            state: "approved",
            lastTransferMessage: null,
            transferDifference: finding(row, at) as unknown as Prisma.InputJsonValue,
            ...NO_LEASE,
          },
    details: { held },
  });
  return { monthClose, resolved: true };
}
