import "server-only";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { can } from "@/lib/workspaces/permissions";
import { auditMonthStep, type MonthActor } from "./audit";
import { monthLines } from "./check-input";
import { ensureMonthRow, type MonthKey } from "./frozen";
import { monthGate, warningId, type CheckContext } from "./gate";
import type { MonthState } from "./states";

/**
 * Acknowledging a warning of the checks with a comment, in the month's current round (table
 * `month_close_acknowledgements`, recorded in the audit trail in the same transaction).
 *
 * Who: whoever prepares the month (`payroll.edit`: owner, clerk) or approves it
 * (`payroll.approve`: owner, approver); a viewer is refused (403). When: while the month is
 * Open or In review (an approver may meet a warning that arose after submitting, e.g. from a
 * changed setting); later states are refused (409 `month_state`). What: only a warning the checks
 * find now (409 `conflict` when the line changed meanwhile). Acknowledging the same warning twice
 * in a round keeps the first acknowledgement and records nothing new.
 */

export interface AcknowledgementView {
  warningId: string;
  comment: string;
  userName: string;
  /** ISO time, formatted by the page. */
  createdAt: string;
}

const ACKNOWLEDGING_STATES: readonly MonthState[] = ["open", "in_review"];

export function mayAcknowledge(roles: MonthActor["roles"]): boolean {
  return can(roles, "payroll.edit") || can(roles, "payroll.approve");
}

/** The acknowledgements of the month's current round, oldest first (none before the month has a row). */
export async function acknowledgementsOf(key: MonthKey): Promise<{ round: number; acknowledgements: AcknowledgementView[] }> {
  const row = await getDb().monthClose.findUnique({
    where: { connectionId_companyId_period: key },
    select: { round: true, acknowledgements: { orderBy: { createdAt: "asc" } } },
  });
  if (!row) return { round: 1, acknowledgements: [] };
  return {
    round: row.round,
    acknowledgements: row.acknowledgements
      .filter((ack) => ack.round === row.round)
      .map((ack) => ({ warningId: ack.warningId, comment: ack.comment, userName: ack.userName, createdAt: ack.createdAt.toISOString() })),
  };
}

export async function acknowledgeWarning(key: MonthKey, actor: MonthActor, context: CheckContext, input: { warningId: string; comment: string }): Promise<AcknowledgementView> {
  if (!mayAcknowledge(actor.roles)) throw new ApiError("forbidden", "A warning is acknowledged by a member who prepares or approves the month.");
  const comment = input.comment.trim();
  if (!comment) throw new ApiError("invalid", "Say why the warning is fine.", { fields: { comment: "required" } });
  return getDb().$transaction(
    async (tx) => {
      await ensureMonthRow(tx, key);
      // The row's share lock: a submit or approval (which takes its update lock) waits for this to commit, and sees it.
      await tx.$queryRaw`SELECT id FROM month_closes WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND period = ${key.period} FOR SHARE`;
      const row = await tx.monthClose.findUniqueOrThrow({ where: { connectionId_companyId_period: key } });
      if (!ACKNOWLEDGING_STATES.includes(row.state)) {
        throw new ApiError("month_state", `The month is ${row.state.replaceAll("_", " ")}; its warnings cannot be acknowledged now.`, { extra: { state: row.state } });
      }
      const existing = await tx.monthCloseAcknowledgement.findUnique({ where: { monthCloseId_round_warningId: { monthCloseId: row.id, round: row.round, warningId: input.warningId } } });
      if (existing) return { warningId: existing.warningId, comment: existing.comment, userName: existing.userName, createdAt: existing.createdAt.toISOString() };

      const lines = await monthLines(tx, key);
      const warning = monthGate({ ...context, month: { period: key.period, ...lines } }, new Set()).warnings.find((finding) => warningId(finding) === input.warningId);
      if (!warning) throw new ApiError("conflict", "This warning is no longer among the month's checks (its line changed meanwhile); nothing was acknowledged.");

      const created = await tx.monthCloseAcknowledgement.create({
        data: { monthCloseId: row.id, round: row.round, warningId: input.warningId, comment, userId: actor.userId, userName: actor.name },
      });
      await auditMonthStep(tx, {
        kind: "month_close.acknowledged",
        actor,
        companyId: key.companyId,
        period: key.period,
        acknowledgementId: created.id,
        details: { round: row.round, warningId: input.warningId, rule: warning.rule, employeeId: warning.employeeId, entryKind: warning.kind ?? null, lineId: warning.lineId ?? null, comment },
      });
      return { warningId: created.warningId, comment: created.comment, userName: created.userName, createdAt: created.createdAt.toISOString() };
    },
    { timeout: 30_000, maxWait: 15_000 },
  );
}
