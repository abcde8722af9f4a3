import "server-only";
import { randomUUID } from "node:crypto";
import { now, nowMs } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { Prisma, type MonthClose } from "@/lib/db/generated/client";
import { ApiError, toApiError } from "@/lib/http/api-error";
import { scheduleRereadWake } from "@/lib/jobs/month-close-jobs";
import type { PayrollClient } from "@/lib/payroll/client";
import type { CompanyRecord } from "@/lib/payroll/companies";
import { ENTRY_KINDS, type EntryKind } from "@/lib/payroll-entries/kinds";
import { transferSchema } from "@/lib/payroll-entries/schemas";
import { transferEntries, type RecordingPolicy, type TransferResult } from "@/lib/payroll-entries/transfers";
import { auditMonthStep, type MonthActor } from "./audit";
import { monthLines } from "./check-input";
import type { MonthKey } from "./frozen";
import { HEARTBEAT_MS, leaseStatus, NO_LEASE } from "./lease";
import { createRereads, settleHeldTransfers, type SentForReread } from "./rereads";
import { holdsExactly, storedAtService } from "./service-reader";
import { lockMonth, monthCloseView, refuseUnlessAllowed, stateWords, toView, transition, TX, ROLE_WORDS } from "./service";
import { ACTION_FROM, holdsRole, type MonthCloseView, type MonthState } from "./states";

/**
 * Transfer and Check transfer of a month close. A Transfer holds the month's lease (./lease.ts)
 * while it sends: its heartbeat says it is alive, so a second Transfer waits for its result and a
 * dead one is recognised within 30 s. Every request that went out is read back from the service
 * after 1 and 10 minutes (./rereads.ts); until the 10-minute read is done no new Transfer starts.
 * Transfer runs inside the request for now; the steps (lease, send, record, schedule the reads)
 * do not depend on it, so a job can run them as they are.
 */

export type KindOutcome = TransferResult["status"] | "not_sent" | "failed";

export interface TransferMonthResult {
  monthClose: MonthCloseView;
  /** Per kind; null when this is the result of someone else's Transfer that ran at the same time. */
  outcome: Record<EntryKind, KindOutcome> | null;
  /** The service's words when it did not accept everything, or what is known when the result could not be recorded. */
  message: string | null;
  /** Whose Transfer this result is when another person's ran at the same time (this one sent nothing). */
  transferredBy: string | null;
  /** The service answered but the answer (or the month's result) could not be recorded: the month stays Transfer unclear. */
  unrecorded: boolean;
}

export interface TransferDeps {
  /** Recording a kind's answer and the month's result (tried again while a row is locked). */
  recording?: RecordingPolicy;
  /** How long a second Transfer waits for the running one's result. */
  waitForOtherMs?: number;
  /** Wakes the re-read job at a due time (default: a pg-boss job with startAfter). */
  wake?: (dueAt: Date) => Promise<void>;
}

const RECORDING: RecordingPolicy = { attempts: 3, lockTimeoutMs: 3_000, pauseMs: 1_000 };
/** Longer than a Transfer's two requests with the payroll timeout (15 s each). */
const WAIT_FOR_OTHER_MS = 40_000;
const POLL_MS = 250;

/** Where a Transfer ends: all accepted → Transferred; a pay-run refusal → Waiting; no clear answer (or none recorded) → unclear; else back to Approved. */
function endState(outcome: Record<EntryKind, KindOutcome>): MonthState {
  const all = Object.values(outcome);
  if (all.every((status) => status === "succeeded")) return "transferred";
  if (all.includes("unknown") || all.includes("unrecorded")) return "transfer_unclear";
  if (all.includes("pay_run")) return "waiting_for_pay_run";
  return "approved";
}

function failureMessage(result: TransferResult): string | null {
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
async function withRetries<T>(policy: RecordingPolicy, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
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
      console.warn(`month-close: recording a transfer's result failed (attempt ${attempt} of ${policy.attempts}: ${(error as Error).name})`);
      if (attempt < policy.attempts) await pause(policy.pauseMs);
    }
  }
  return { ok: false };
}

/**
 * Another Transfer holds the month: wait (polling) until it ends and answer with its result, so
 * both screens show the same outcome; still running after `waitMs`: the refusal as it was.
 */
async function resultOfOther(key: MonthKey, actor: MonthActor, waitMs: number, refusal: ApiError): Promise<TransferMonthResult> {
  const deadline = Date.now() + waitMs;
  let startedBy: string | null = null;
  for (;;) {
    const row = await getDb().monthClose.findUnique({ where: { connectionId_companyId_period: key } });
    startedBy = row?.transferStartedByName ?? startedBy;
    if (!row || leaseStatus(row, nowMs()) !== "live") break;
    if (Date.now() >= deadline) throw refusal;
    await pause(POLL_MS);
  }
  const monthClose = await monthCloseView(key, actor.workspaceId);
  return { monthClose, outcome: null, message: monthClose.lastTransferMessage, transferredBy: startedBy, unrecorded: false };
}

/**
 * Approved (or Waiting for pay run, or Transfer unclear: send again) → sends both kinds, hours
 * first, with the existing transfer code (each kind's history row written before its call goes
 * out), the approved lines as stored. While it sends the month is Transfer unclear under this
 * Transfer's lease. A kind not accepted stops the rest (nothing more is sent). Refused while another
 * Transfer is alive (that one's result is waited for and returned) or while the last transfer's
 * 10-minute re-read is not done (409 `transfer_rereading`).
 */
export async function transferMonth(key: MonthKey, actor: MonthActor, client: PayrollClient, company: CompanyRecord, deps: TransferDeps = {}): Promise<TransferMonthResult> {
  const leaseId = randomUUID();
  const policy = deps.recording ?? RECORDING;
  let started: MonthClose;
  try {
    started = await getDb().$transaction(async (tx) => {
      const row = await lockMonth(tx, key);
      refuseUnlessAllowed(row, "transfer", actor, false);
      const pending = row.rereads?.[0];
      if (pending) {
        const due = pending.dueAt.toISOString();
        throw new ApiError("transfer_rereading", `The last transfer is read back from the payroll service at ${due}; a new transfer starts after that.`, { extra: { state: row.state, rereadDueAt: due } });
      }
      const at = now();
      const updated = await tx.monthClose.update({
        where: { id: row.id },
        data: { state: "transfer_unclear", transferLeaseId: leaseId, transferStartedAt: at, transferHeartbeatAt: at, transferStartedByName: actor.name, lastTransferMessage: null, transferDifference: Prisma.DbNull, hoursTransferId: null, paymentsTransferId: null },
      });
      await auditMonthStep(tx, { kind: "month_close.step", actor, companyId: key.companyId, period: key.period, action: "transfer", from: row.state, to: updated.state, round: updated.round });
      return updated;
    }, TX);
  } catch (error) {
    if (error instanceof ApiError && error.code === "transfer_under_way") return resultOfOther(key, actor, deps.waitForOtherMs ?? WAIT_FOR_OTHER_MS, error);
    throw error;
  }

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
  try {
    const lines = await monthLines(getDb(), key);
    for (const kind of ENTRY_KINDS) {
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
          onSending: async (transferId, payload) => {
            sent[kind] = { transferId, payload: payload as Record<string, unknown>[] };
            await getDb().monthClose.updateMany({ where: mine, data: kind === "hours" ? { hoursTransferId: transferId } : { paymentsTransferId: transferId } });
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
  } finally {
    clearInterval(heartbeat);
  }

  const to = endState(outcome);
  const reread: SentForReread = Object.fromEntries(Object.entries(sent).filter(([kind]) => ["succeeded", "unknown", "unrecorded"].includes(outcome[kind as EntryKind])));
  const finished = await withRetries(policy, async (tx) => {
    const at = now();
    const { count } = await tx.monthClose.updateMany({
      where: mine,
      data: { ...NO_LEASE, state: to, transferredAt: to === "transferred" ? at : undefined, lastTransferMessage: message },
    });
    // The lease was taken over (this process was taken for dead): that Transfer's result stands.
    if (count === 0) return [];
    await auditMonthStep(tx, { kind: "month_close.step", actor, companyId: key.companyId, period: key.period, action: "transfer_result", from: started.state, to, round: started.round, details: { outcome, message } });
    return createRereads(tx, { monthCloseId: started.id, round: started.round, sent: reread, userId: actor.userId, userName: actor.name, at });
  });
  if (finished.ok) {
    for (const dueAt of finished.value) await (deps.wake ?? scheduleRereadWake)(dueAt).catch((error: Error) => console.error(`month-close: re-read not scheduled (${error.message})`));
  }
  const unrecorded = !finished.ok || Object.values(outcome).includes("unrecorded");
  const monthClose = await monthCloseView(key, actor.workspaceId).catch(() => toView({ ...started, rereads: [] }, false));
  return { monthClose, outcome, message, transferredBy: null, unrecorded };
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
export async function checkTransfer(key: MonthKey, actor: MonthActor, client: PayrollClient, company: CompanyRecord, baseUrl: string): Promise<CheckResult> {
  // Refused before the service is read; checked again under the row lock below.
  const before = await monthCloseView(key, actor.workspaceId);
  if (!holdsRole(actor.roles, "check")) throw new ApiError("forbidden", `A transfer is checked by a member with ${ROLE_WORDS.check}.`);
  if (!ACTION_FROM.check.includes(before.state)) throw new ApiError("month_state", `The month is ${stateWords(before.state)}; there is no transfer to check.`, { extra: { state: before.state } });
  if (before.transferUnderWay) {
    const from = before.transferUnderWay.checkableFrom;
    throw new ApiError("transfer_under_way", `A transfer of this month is under way; if it stops, the month can be checked from ${from}.`, { extra: { state: before.state, checkableFrom: from } });
  }

  const [lines, employees] = await Promise.all([monthLines(getDb(), key), client.listEmployees(company.id)]);
  const context = { companyId: company.id, month: key.period, employeeIds: new Set(employees.map((employee) => employee.id)) };
  let held = true;
  for (const kind of ENTRY_KINDS) {
    const stored = await storedAtService(baseUrl, company.id, kind);
    if (stored === null) return { monthClose: before, resolved: false };
    const sent = transferSchema(kind, context).safeParse(lines[kind]);
    if (!sent.success || !holdsExactly(stored, sent.data)) held = false;
  }

  const monthClose = await transition(key, actor, {
    action: "check",
    before: async (tx, row) => {
      if (held) await settleHeldTransfers(tx, row);
    },
    change: (_row, at) => (held ? { state: "transferred", transferredAt: at, transferDifference: Prisma.DbNull, ...NO_LEASE } : { state: "approved", ...NO_LEASE }),
    details: { held },
  });
  return { monthClose, resolved: true };
}
