import "server-only";
import { getDb } from "@/lib/db/client";
import { Prisma, type MonthClose } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import { hasVisibleText } from "@/lib/http/visible-text";
import { now, nowMs } from "@/lib/clock";
import { auditMonthStep, type MonthActor } from "./audit";
import { effectiveFourEyes } from "./four-eyes";
import { lockMonth, PENDING_REREAD, toView } from "./views";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import type { CheckContext } from "../gate";
import { refuseWithBlockers } from "./gate-refusal";
import { sealApprovedMonth } from "../sealing/server/seal";
import { REOPEN_REASON_MAX_LENGTH as REOPEN_REASON_MAX } from "../schemas";
import { checkableFrom, leaseStatus } from "../lease";
import { ACTION_FROM, holdsRole, type MonthAction, type MonthCloseView, type MonthState } from "../states";

/**
 * The month close's transitions (the table in ./states.ts). Each runs in one transaction that
 * first takes the month's row lock (`SELECT … FOR UPDATE`), then checks role, state and person
 * against the locked row: of two approvals at once the second finds the month Approved and is
 * refused (409 `month_state`). Refusals: 403 `forbidden` (role, or not the submitter), 403
 * `four_eyes`, 409 `month_state`, 409 `month_blocked` (with `blockers`), 409 `month_unacknowledged` (with the count). Every step is recorded
 * through auditMonthStep in the same transaction.
 */

export type Tx = Prisma.TransactionClient;

const ACTION_WORDS: Record<MonthAction, string> = {
  hand_in: "handed in",
  send_back: "sent back",
  submit: "submitted for review",
  withdraw: "withdrawn",
  approve: "approved",
  transfer: "transferred",
  check: "checked",
  reopen: "reopened",
};

export const ROLE_WORDS: Record<MonthAction, string> = {
  hand_in: "the client role",
  send_back: "the clerk or owner role",
  submit: "the clerk or owner role",
  withdraw: "the clerk or owner role",
  approve: "the approver or owner role",
  transfer: "the clerk, approver or owner role",
  check: "the clerk, approver or owner role",
  reopen: "the approver or owner role",
};

/** Transactions here read the drafts and validate them under the row lock: more than Prisma's 5 s default on a busy server. */
export const TX = { timeout: 30_000, maxWait: 15_000 };

export function stateWords(state: MonthState): string {
  return state.replaceAll("_", " ");
}

export function refuseUnlessAllowed(row: MonthClose, action: MonthAction, actor: MonthActor, fourEyes: boolean): void {
  if (!holdsRole(actor.roles, action))
    throw new ApiError("forbidden", `A month is ${ACTION_WORDS[action]} by a member with ${ROLE_WORDS[action]}.`);
  if (!ACTION_FROM[action].includes(row.state)) {
    throw new ApiError("month_state", `The month is ${stateWords(row.state)}; it cannot be ${ACTION_WORDS[action]}.`, {
      extra: { state: row.state },
    });
  }
  if (action === "withdraw" && row.submittedById !== actor.userId)
    throw new ApiError("forbidden", "Only the person who submitted the month may withdraw it.");
  if (action === "approve" && fourEyes && row.submittedById === actor.userId) throw new ApiError("four_eyes");
  if ((action === "transfer" || action === "check") && leaseStatus(row, nowMs()) === "live") {
    const from = checkableFrom(row).toISOString();
    throw new ApiError(
      "transfer_under_way",
      `A transfer of this month is under way; if it stops, the month can be checked from ${from}.`,
      {
        extra: { state: row.state, checkableFrom: from },
      },
    );
  }
}

interface Step {
  action: MonthAction;
  /** Whether the actor reaches this month at all, checked before the month's row is taken (a client: their own companies). */
  reach?: (tx: Tx) => Promise<void>;
  /** Checks needing the locked row beyond role and state (blockers). */
  before?: (tx: Tx, row: MonthClose) => Promise<unknown>;
  /** Work in the step's transaction after the change and its audit entry (the seal of an approval). */
  after?: (tx: Tx, updated: MonthClose, fourEyes: boolean) => Promise<void>;
  change: (row: MonthClose, now: Date, fourEyes: boolean) => { state: MonthState } & Prisma.MonthCloseUpdateInput;
  details?: Record<string, unknown> | ((row: MonthClose, fourEyes: boolean) => Record<string, unknown>);
}

/** The rule an approval of this round is under: the one stored at submission (rows submitted before it was stored: the workspace's now). */
const roundFourEyes = (row: MonthClose, workspaceFourEyes: boolean) => row.fourEyesAtSubmission ?? workspaceFourEyes;

export async function transition(key: MonthKey, actor: MonthActor, step: Step): Promise<MonthCloseView> {
  return getDb().$transaction(async (tx) => {
    await step.reach?.(tx);
    const row = await lockMonth(tx, key);
    const workspaceFourEyes = await effectiveFourEyes(tx, actor.workspaceId);
    const fourEyes = step.action === "approve" ? roundFourEyes(row, workspaceFourEyes) : workspaceFourEyes;
    refuseUnlessAllowed(row, step.action, actor, fourEyes);
    await step.before?.(tx, row);
    const data = step.change(row, now(), fourEyes);
    const updated = await tx.monthClose.update({ where: { id: row.id }, data, include: PENDING_REREAD });
    const details = typeof step.details === "function" ? step.details(row, fourEyes) : step.details;
    await auditMonthStep(tx, {
      kind: "month_close.step",
      actor,
      companyId: key.companyId,
      period: key.period,
      action: step.action,
      from: row.state,
      to: updated.state,
      round: updated.round,
      details,
      month: row,
    });
    await step.after?.(tx, updated, fourEyes);
    return toView(updated, workspaceFourEyes);
  }, TX);
}

/** Open → In review (owner, clerk): refused while there are blockers or unacknowledged warnings. */
export function submitMonth(key: MonthKey, actor: MonthActor, context: CheckContext): Promise<MonthCloseView> {
  return transition(key, actor, {
    action: "submit",
    before: (tx, row) => refuseWithBlockers(tx, row, key, context),
    // The four-eyes rule in force now holds for this round's approval.
    change: (_row, now, fourEyes) => ({
      state: "in_review",
      submittedById: actor.userId,
      submittedByName: actor.name,
      submittedAt: now,
      approvedById: null,
      approvedByName: null,
      approvedAt: null,
      fourEyesAtSubmission: fourEyes,
    }),
    details: (_row, fourEyes) => ({ fourEyes }),
  });
}

/**
 * In review → Open: only the person who submitted. A month the client had handed in goes back to
 * Handed in (the firm's review resumes; the client's part stays done until the firm sends it back).
 */
export function withdrawMonth(key: MonthKey, actor: MonthActor): Promise<MonthCloseView> {
  return transition(key, actor, {
    action: "withdraw",
    change: (row) => ({
      state: row.handedInAt ? "handed_in" : "open",
      submittedById: null,
      submittedByName: null,
      submittedAt: null,
      fourEyesAtSubmission: null,
    }),
  });
}

/**
 * In review → Approved (owner, approver; with four eyes not the submitter: the rule stored with the
 * round at submission, recorded with the approval), refused while there are blockers or unacknowledged warnings.
 */
export function approveMonth(key: MonthKey, actor: MonthActor, context: CheckContext): Promise<MonthCloseView> {
  let judged: Awaited<ReturnType<typeof refuseWithBlockers>> | undefined;
  return transition(key, actor, {
    action: "approve",
    before: async (tx, row) => {
      judged = await refuseWithBlockers(tx, row, key, context);
    },
    // Sealed in the approval's transaction: the version is exactly what the gate judged (./../sealing).
    after: async (tx, updated, fourEyes) => {
      await sealApprovedMonth(tx, {
        key,
        actor,
        month: updated,
        fourEyes,
        lines: judged!.lines,
        findings: judged!.warnings,
      });
    },
    change: (_row, now) => ({
      state: "approved",
      approvedById: actor.userId,
      approvedByName: actor.name,
      approvedAt: now,
    }),
    details: (_row, fourEyes) => ({ fourEyes }),
  });
}

/** Approved, Transferred or Waiting for pay run → Open as the next round (owner, approver), with a reason. */
export async function reopenMonth(key: MonthKey, actor: MonthActor, reason: string): Promise<MonthCloseView> {
  const text = reason.trim();
  // Visible characters, not only a "required" check (a zero-width space says nothing): lib/http/visible-text.ts.
  if (!hasVisibleText(text))
    throw new ApiError("invalid", "Say why the month is reopened, in visible characters.", {
      fields: { reason: text ? "invisible" : "required" },
    });
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
      fourEyesAtSubmission: null,
      lastTransferMessage: null,
      transferDifference: Prisma.DbNull,
      // A new round: the client may hand it in again; the last round's hand-in and send-back are in the audit trail.
      handedInById: null,
      handedInByName: null,
      handedInAt: null,
      sentBackReason: null,
      sentBackByName: null,
      sentBackAt: null,
    }),
    details: { reason: text.slice(0, REOPEN_REASON_MAX) },
  });
}
