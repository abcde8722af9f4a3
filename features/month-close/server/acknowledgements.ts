import "server-only";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { can } from "@/features/workspaces/permissions";
import { auditAcknowledgements, type MonthActor } from "./audit";
import { monthLines } from "./check-input";
import { ensureMonthRow } from "@/features/payroll/month-lock/server/frozen";
import { takesAcknowledgements, type MonthKey } from "@/features/payroll/month-lock/states";
import { monthGate, warningId, type CheckContext } from "../gate";
import { hasVisibleText } from "@/lib/http/visible-text";
import { ACKNOWLEDGE_MAX_WARNINGS } from "../schemas";

/**
 * Acknowledging a warning of the checks with a comment, in the month's current round (table
 * `month_close_acknowledgements`, recorded in the audit trail in the same transaction).
 *
 * Who: whoever prepares the month (`payroll.edit`: owner, clerk) or approves it
 * (`payroll.approve`: owner, approver); a viewer is refused (403). When: while the month is
 * Open or In review (an approver may meet a warning that arose after submitting, e.g. from a
 * changed setting); later states are refused (409 `month_state`). What: only a warning the checks
 * find now (409 `conflict` when the line changed meanwhile). Acknowledging the same warning twice
 * in a round keeps the first acknowledgement and records nothing new. Many warnings of a rule
 * are acknowledged in one request with one comment (`acknowledgeWarnings`).
 */

export interface AcknowledgementView {
  warningId: string;
  comment: string;
  userName: string;
  /** ISO time, formatted by the page. */
  createdAt: string;
}

// Handed in: the firm reviews the client's month, its warnings among it.

export function mayAcknowledge(roles: MonthActor["roles"]): boolean {
  return can(roles, "payroll.edit") || can(roles, "payroll.approve");
}

const viewOf = (ack: {
  warningId: string;
  comment: string;
  userName: string;
  createdAt: Date;
}): AcknowledgementView => ({
  warningId: ack.warningId,
  comment: ack.comment,
  userName: ack.userName,
  createdAt: ack.createdAt.toISOString(),
});

/** The acknowledgements of the month's current round, oldest first (none before the month has a row). */
export async function acknowledgementsOf(
  key: MonthKey,
): Promise<{ round: number; acknowledgements: AcknowledgementView[] }> {
  const row = await getDb().monthClose.findUnique({
    where: { connectionId_companyId_period: key },
    select: { round: true, acknowledgements: { orderBy: { createdAt: "asc" } } },
  });
  if (!row) return { round: 1, acknowledgements: [] };
  return {
    round: row.round,
    acknowledgements: row.acknowledgements.filter((ack) => ack.round === row.round).map(viewOf),
  };
}

/**
 * Acknowledges the warnings `warningIds` (one, or all of a rule at once) with one comment, all or
 * none: the checks run once; an id that is not among the month's warnings now makes the whole
 * request a 409 `conflict` naming how many (nothing is acknowledged); one acknowledged already in
 * the round keeps its acknowledgement; the others are inserted together, each with its own audit
 * entry. Returns the acknowledgement of every id asked for, in the order asked.
 */
export async function acknowledgeWarnings(
  key: MonthKey,
  actor: MonthActor,
  context: CheckContext,
  input: { warningIds: readonly string[]; comment: string },
): Promise<AcknowledgementView[]> {
  if (!mayAcknowledge(actor.roles))
    throw new ApiError("forbidden", "A warning is acknowledged by a member who prepares or approves the month.");
  const comment = input.comment.trim();
  if (!hasVisibleText(comment))
    throw new ApiError("invalid", "Say why the warning is fine, in visible characters.", {
      fields: { comment: comment ? "invisible" : "required" },
    });
  const ids = [...new Set(input.warningIds)];
  if (ids.length === 0 || ids.length > ACKNOWLEDGE_MAX_WARNINGS) {
    throw new ApiError("invalid", `Acknowledge between 1 and ${ACKNOWLEDGE_MAX_WARNINGS} warnings at once.`, {
      fields: { warningIds: "count" },
    });
  }
  return getDb().$transaction(
    async (tx) => {
      await ensureMonthRow(tx, key);
      // The row's share lock: a submit or approval (which takes its update lock) waits for this to commit, and sees it.
      await tx.$queryRaw`SELECT id FROM month_closes WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND period = ${key.period} FOR SHARE`;
      const row = await tx.monthClose.findUniqueOrThrow({ where: { connectionId_companyId_period: key } });
      if (!takesAcknowledgements(row.state)) {
        throw new ApiError(
          "month_state",
          `The month is ${row.state.replaceAll("_", " ")}; its warnings cannot be acknowledged now.`,
          {
            extra: { state: row.state },
          },
        );
      }
      const existing = new Map(
        (
          await tx.monthCloseAcknowledgement.findMany({
            where: { monthCloseId: row.id, round: row.round, warningId: { in: ids } },
          })
        ).map((ack) => [ack.warningId, ack]),
      );
      const asked = ids.filter((id) => !existing.has(id));
      if (asked.length > 0) {
        const lines = await monthLines(tx, key);
        const current = new Map(
          monthGate({ ...context, month: { period: key.period, ...lines } }, new Set()).warnings.map((finding) => [
            warningId(finding),
            finding,
          ]),
        );
        const stale = asked.filter((id) => !current.has(id)).length;
        if (stale > 0) {
          throw new ApiError(
            "conflict",
            stale === 1 && ids.length === 1
              ? "This warning is no longer among the month's checks (its line changed meanwhile); nothing was acknowledged."
              : `${stale} of the ${ids.length} warnings are no longer among the month's checks (their lines changed meanwhile); nothing was acknowledged.`,
            { extra: { staleCount: stale } },
          );
        }
        const created = await tx.monthCloseAcknowledgement.createManyAndReturn({
          data: asked.map((id) => ({
            monthCloseId: row.id,
            round: row.round,
            warningId: id,
            comment,
            userId: actor.userId,
            userName: actor.name,
          })),
        });
        await auditAcknowledgements(
          tx,
          created.map((ack) => {
            const warning = current.get(ack.warningId)!;
            return {
              kind: "month_close.acknowledged" as const,
              actor,
              companyId: key.companyId,
              period: key.period,
              acknowledgementId: ack.id,
              details: {
                round: row.round,
                warningId: ack.warningId,
                rule: warning.rule,
                employeeId: warning.employeeId,
                entryKind: warning.kind ?? null,
                lineId: warning.lineId ?? null,
                comment,
              },
            };
          }),
        );
        for (const ack of created) existing.set(ack.warningId, ack);
      }
      return ids.map((id) => viewOf(existing.get(id)!));
    },
    { timeout: 30_000, maxWait: 15_000 },
  );
}
