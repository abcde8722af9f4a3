import "server-only";
import { getDb } from "@/lib/db/client";
import type { MonthClose, Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import type { PayrollClient } from "@/lib/payroll/client";
import type { CompanyRecord } from "@/lib/payroll/companies";
import { ENTRY_KINDS, type EntryKind } from "@/lib/payroll-entries/kinds";
import { transferSchema } from "@/lib/payroll-entries/schemas";
import { transferEntries, type TransferResult } from "@/lib/payroll-entries/transfers";
import { auditMonthStep, type MonthActor } from "./audit";
import { effectiveFourEyes } from "./four-eyes";
import { ensureMonthRow, type MonthKey } from "./frozen";
import { monthLines } from "./check-input";
import { monthGate, type CheckContext } from "./gate";
import { holdsExactly, storedAtService } from "./service-reader";
import { ACTION_FROM, holdsRole, type MonthAction, type MonthCloseView, type MonthState } from "./states";

/**
 * The month close's transitions (the table in ./states.ts). Each runs in one transaction that
 * first takes the month's row lock (`SELECT … FOR UPDATE`), then checks role, state and person
 * against the locked row: of two approvals at once the second finds the month Approved and is
 * refused (409 `month_state`). Refusals: 403 `forbidden` (role, or not the submitter), 403
 * `four_eyes`, 409 `month_state`, 409 `month_blocked` (with `blockers`), 409 `month_unacknowledged` (with the count). Every step is recorded
 * through auditMonthStep in the same transaction.
 */

type Tx = Prisma.TransactionClient;

const ACTION_WORDS: Record<MonthAction, string> = {
  submit: "submitted for review",
  withdraw: "withdrawn",
  approve: "approved",
  transfer: "transferred",
  check: "checked",
  reopen: "reopened",
};

const ROLE_WORDS: Record<MonthAction, string> = {
  submit: "the clerk or owner role",
  withdraw: "the clerk or owner role",
  approve: "the approver or owner role",
  transfer: "the clerk, approver or owner role",
  check: "the clerk, approver or owner role",
  reopen: "the approver or owner role",
};

/** Transactions here read the drafts and validate them under the row lock: more than Prisma's 5 s default on a busy server. */
const TX = { timeout: 30_000, maxWait: 15_000 };

/** A Transfer that has not finished within this long is taken to have died with its process. */
const STALE_TRANSFER_MS = 5 * 60_000;

export function stateWords(state: MonthState): string {
  return state.replaceAll("_", " ");
}

function toView(row: Pick<MonthClose, "companyId" | "period" | "state" | "round" | "submittedById" | "submittedByName" | "submittedAt" | "approvedByName" | "approvedAt" | "reopenReason" | "reopenedByName" | "reopenedAt" | "transferredAt" | "lastTransferMessage">, fourEyes: boolean): MonthCloseView {
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
    reopenReason: row.reopenReason,
    reopenedBy: row.reopenedByName,
    reopenedAt: row.reopenedAt?.toISOString() ?? null,
    transferredAt: row.transferredAt?.toISOString() ?? null,
    lastTransferMessage: row.lastTransferMessage,
    fourEyes,
  };
}

function openView(key: MonthKey, fourEyes: boolean): MonthCloseView {
  return toView(
    { companyId: key.companyId, period: key.period, state: "open", round: 1, submittedById: null, submittedByName: null, submittedAt: null, approvedByName: null, approvedAt: null, reopenReason: null, reopenedByName: null, reopenedAt: null, transferredAt: null, lastTransferMessage: null },
    fourEyes,
  );
}

const where = (key: MonthKey) => ({ connectionId_companyId_period: { connectionId: key.connectionId, companyId: key.companyId, period: key.period } });

/** A month's close as the pages show it (Open in round 1 when nothing happened yet). */
export async function monthCloseView(key: MonthKey, workspaceId: string): Promise<MonthCloseView> {
  const db = getDb();
  const [row, fourEyes] = await Promise.all([db.monthClose.findUnique({ where: where(key) }), effectiveFourEyes(db, workspaceId)]);
  return row ? toView(row, fourEyes) : openView(key, fourEyes);
}

/** The current month's close of each company (the company list). */
export async function monthCloseViews(connectionId: string, companies: readonly { id: number; current_month: string }[], workspaceId: string): Promise<Map<number, MonthCloseView>> {
  const db = getDb();
  const [rows, fourEyes] = await Promise.all([
    db.monthClose.findMany({ where: { connectionId, OR: companies.map((company) => ({ companyId: company.id, period: company.current_month })) } }),
    effectiveFourEyes(db, workspaceId),
  ]);
  const found = new Map(rows.map((row) => [row.companyId, row]));
  return new Map(companies.map((company) => {
    const row = found.get(company.id);
    return [company.id, row ? toView(row, fourEyes) : openView({ connectionId, companyId: company.id, period: company.current_month }, fourEyes)];
  }));
}

async function lockMonth(tx: Tx, key: MonthKey): Promise<MonthClose> {
  await ensureMonthRow(tx, key);
  await tx.$queryRaw`SELECT id FROM month_closes WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND period = ${key.period} FOR UPDATE`;
  return tx.monthClose.findUniqueOrThrow({ where: where(key) });
}

function refuseUnlessAllowed(row: MonthClose, action: MonthAction, actor: MonthActor, fourEyes: boolean): void {
  if (!holdsRole(actor.roles, action)) throw new ApiError("forbidden", `A month is ${ACTION_WORDS[action]} by a member with ${ROLE_WORDS[action]}.`);
  if (!ACTION_FROM[action].includes(row.state)) {
    throw new ApiError("month_state", `The month is ${stateWords(row.state)}; it cannot be ${ACTION_WORDS[action]}.`, { extra: { state: row.state } });
  }
  if (action === "withdraw" && row.submittedById !== actor.userId) throw new ApiError("forbidden", "Only the person who submitted the month may withdraw it.");
  if (action === "approve" && fourEyes && row.submittedById === actor.userId) throw new ApiError("four_eyes");
}

/** Most findings sent with a refusal (the page lists them all itself). */
const REFUSAL_FINDINGS = 50;

/**
 * The gate of submit and approval, under the month's row lock: the checks on the month's stored
 * lines with `context` (check-input.ts). 409 `month_blocked` with the blockers while there are
 * any; then 409 `month_unacknowledged` naming the count of warnings of the current round not
 * acknowledged (gate.ts: what a warning's id covers).
 */
async function refuseWithBlockers(tx: Tx, row: MonthClose, key: MonthKey, context: CheckContext): Promise<void> {
  const [lines, acknowledged] = await Promise.all([
    monthLines(tx, key),
    tx.monthCloseAcknowledgement.findMany({ where: { monthCloseId: row.id, round: row.round }, select: { warningId: true } }),
  ]);
  const gate = monthGate({ ...context, month: { period: key.period, ...lines } }, new Set(acknowledged.map((ack) => ack.warningId)));
  if (gate.blockers.length) {
    throw new ApiError("month_blocked", `The month has ${gate.blockers.length} blocker(s).`, { extra: { blockerCount: gate.blockers.length, blockers: gate.blockers.slice(0, REFUSAL_FINDINGS) } });
  }
  if (gate.unacknowledged.length) {
    const count = gate.unacknowledged.length;
    throw new ApiError("month_unacknowledged", `${count} warning(s) of round ${row.round} are not acknowledged.`, { extra: { unacknowledgedCount: count, warnings: gate.unacknowledged.slice(0, REFUSAL_FINDINGS) } });
  }
}

interface Step {
  action: MonthAction;
  /** Checks needing the locked row beyond role and state (blockers). */
  before?: (tx: Tx, row: MonthClose) => Promise<void>;
  change: (row: MonthClose, now: Date) => { state: MonthState } & Prisma.MonthCloseUpdateInput;
  details?: Record<string, unknown>;
}

async function transition(key: MonthKey, actor: MonthActor, step: Step): Promise<MonthCloseView> {
  return getDb().$transaction(async (tx) => {
    const row = await lockMonth(tx, key);
    const fourEyes = await effectiveFourEyes(tx, actor.workspaceId);
    refuseUnlessAllowed(row, step.action, actor, fourEyes);
    await step.before?.(tx, row);
    const data = step.change(row, new Date());
    const updated = await tx.monthClose.update({ where: { id: row.id }, data });
    await auditMonthStep(tx, { kind: "month_close.step", actor, companyId: key.companyId, period: key.period, action: step.action, from: row.state, to: updated.state, round: updated.round, details: step.details });
    return toView(updated, fourEyes);
  }, TX);
}

/** Open → In review (owner, clerk): refused while there are blockers or unacknowledged warnings. */
export function submitMonth(key: MonthKey, actor: MonthActor, context: CheckContext): Promise<MonthCloseView> {
  return transition(key, actor, {
    action: "submit",
    before: (tx, row) => refuseWithBlockers(tx, row, key, context),
    change: (_row, now) => ({ state: "in_review", submittedById: actor.userId, submittedByName: actor.name, submittedAt: now, approvedById: null, approvedByName: null, approvedAt: null }),
  });
}

/** In review → Open: only the person who submitted. */
export function withdrawMonth(key: MonthKey, actor: MonthActor): Promise<MonthCloseView> {
  return transition(key, actor, { action: "withdraw", change: () => ({ state: "open", submittedById: null, submittedByName: null, submittedAt: null }) });
}

/** In review → Approved (owner, approver; with four eyes not the submitter), refused while there are blockers or unacknowledged warnings. */
export function approveMonth(key: MonthKey, actor: MonthActor, context: CheckContext): Promise<MonthCloseView> {
  return transition(key, actor, {
    action: "approve",
    before: (tx, row) => refuseWithBlockers(tx, row, key, context),
    change: (_row, now) => ({ state: "approved", approvedById: actor.userId, approvedByName: actor.name, approvedAt: now }),
  });
}

import { hasVisibleText } from "@/lib/http/visible-text";
import { REOPEN_REASON_MAX_LENGTH as REOPEN_REASON_MAX } from "./schemas";

/** Approved, Transferred or Waiting for pay run → Open as the next round (owner, approver), with a reason. */
export async function reopenMonth(key: MonthKey, actor: MonthActor, reason: string): Promise<MonthCloseView> {
  const text = reason.trim();
  // Visible characters, not only a "required" check (a zero-width space says nothing): lib/http/visible-text.ts.
  if (!hasVisibleText(text)) throw new ApiError("invalid", "Say why the month is reopened, in visible characters.", { fields: { reason: text ? "invisible" : "required" } });
  return await transition(key, actor, {
    action: "reopen",
    change: (row, now) => ({
      state: "open",
      round: row.round + 1,
      reopenReason: text.slice(0, REOPEN_REASON_MAX),
      reopenedByName: actor.name,
      reopenedAt: now,
      submittedById: null,
      submittedByName: null,
      submittedAt: null,
      approvedById: null,
      approvedByName: null,
      approvedAt: null,
      lastTransferMessage: null,
    }),
    details: { reason: text.slice(0, REOPEN_REASON_MAX) },
  });
}

export type KindOutcome = TransferResult["status"] | "not_sent" | "failed";

export interface TransferMonthResult {
  monthClose: MonthCloseView;
  outcome: Record<EntryKind, KindOutcome>;
  /** The service's words when it did not accept everything. */
  message: string | null;
}

/** Where a Transfer ends: all accepted → Transferred; a pay-run refusal → Waiting; no clear answer → unclear; else back to Approved. */
function endState(outcome: Record<EntryKind, KindOutcome>): MonthState {
  const all = Object.values(outcome);
  if (all.every((status) => status === "succeeded")) return "transferred";
  if (all.includes("unknown")) return "transfer_unclear";
  if (all.includes("pay_run")) return "waiting_for_pay_run";
  return "approved";
}

function failureMessage(result: TransferResult): string | null {
  switch (result.status) {
    case "succeeded":
      return null;
    case "invalid":
      return result.problems[0]?.message ?? "Some lines are not valid.";
    default:
      return result.message;
  }
}

/**
 * Approved (or Waiting for pay run, or Transfer unclear: send again) → sends both kinds, hours
 * first, with the existing transfer code (recorded in the transfer history), the approved lines as
 * stored. While it sends, the month is Transfer unclear with `transfer_started_at` set: a second
 * Transfer is refused, and a process dying mid-send leaves the month for "Check transfer".
 * A kind not accepted stops the rest (nothing more is sent).
 */
export async function transferMonth(key: MonthKey, actor: MonthActor, client: PayrollClient, company: CompanyRecord): Promise<TransferMonthResult> {
  const started = await getDb().$transaction(async (tx) => {
    const row = await lockMonth(tx, key);
    refuseUnlessAllowed(row, "transfer", actor, false);
    if (row.transferStartedAt && Date.now() - row.transferStartedAt.getTime() < STALE_TRANSFER_MS) {
      throw new ApiError("month_state", "A transfer of this month is under way.", { extra: { state: row.state } });
    }
    const updated = await tx.monthClose.update({ where: { id: row.id }, data: { state: "transfer_unclear", transferStartedAt: new Date(), lastTransferMessage: null } });
    await auditMonthStep(tx, { kind: "month_close.step", actor, companyId: key.companyId, period: key.period, action: "transfer", from: row.state, to: updated.state, round: updated.round });
    return updated;
  }, TX);

  const lines = await monthLines(getDb(), key);
  const outcome: Record<EntryKind, KindOutcome> = { hours: "not_sent", payments: "not_sent" };
  const transferIds: Partial<Record<EntryKind, string>> = {};
  let message: string | null = null;
  for (const kind of ENTRY_KINDS) {
    try {
      const result = await transferEntries({ audit: { workspaceId: actor.workspaceId, userId: actor.userId, name: actor.name }, connectionId: key.connectionId, userId: actor.userId, userName: actor.name, client, company, kind, lines: lines[kind] });
      outcome[kind] = result.status;
      if ("transferId" in result) transferIds[kind] = result.transferId;
      message = failureMessage(result);
    } catch (error) {
      // Thrown only when the call surely stored nothing (see transferEntries): back to Approved.
      outcome[kind] = "failed";
      message = error instanceof Error ? error.message : "The transfer failed.";
    }
    if (outcome[kind] !== "succeeded") break;
  }

  const to = endState(outcome);
  const monthClose = await getDb().$transaction(async (tx) => {
    const updated = await tx.monthClose.update({
      where: { id: started.id },
      data: {
        state: to,
        transferStartedAt: null,
        transferredAt: to === "transferred" ? new Date() : undefined,
        hoursTransferId: transferIds.hours ?? null,
        paymentsTransferId: transferIds.payments ?? null,
        lastTransferMessage: message,
      },
    });
    await auditMonthStep(tx, { kind: "month_close.step", actor, companyId: key.companyId, period: key.period, action: "transfer_result", from: started.state, to, round: updated.round, details: { outcome, message } });
    return toView(updated, await effectiveFourEyes(tx, actor.workspaceId));
  }, TX);
  return { monthClose, outcome, message };
}

export interface CheckResult {
  monthClose: MonthCloseView;
  /** False when the service's data could not be read: the month stays Transfer unclear. */
  resolved: boolean;
}

/**
 * Transfer unclear → reads what the service holds of the month and compares it with the approved
 * lines: both kinds held exactly → Transferred; otherwise → Approved (to be sent again). When the
 * service cannot be read, nothing changes.
 */
export async function checkTransfer(key: MonthKey, actor: MonthActor, client: PayrollClient, company: CompanyRecord, baseUrl: string): Promise<CheckResult> {
  // Refused before the service is read; checked again under the row lock below.
  const before = await monthCloseView(key, actor.workspaceId);
  if (!holdsRole(actor.roles, "check")) throw new ApiError("forbidden", `A transfer is checked by a member with ${ROLE_WORDS.check}.`);
  if (!ACTION_FROM.check.includes(before.state)) throw new ApiError("month_state", `The month is ${stateWords(before.state)}; there is no transfer to check.`, { extra: { state: before.state } });

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
    before: (_tx, row) => {
      if (row.transferStartedAt && Date.now() - row.transferStartedAt.getTime() < STALE_TRANSFER_MS) throw new ApiError("month_state", "A transfer of this month is under way.", { extra: { state: row.state } });
      return Promise.resolve();
    },
    change: () => (held ? { state: "transferred", transferredAt: new Date(), transferStartedAt: null } : { state: "approved", transferStartedAt: null }),
    details: { held },
  });
  return { monthClose, resolved: true };
}
