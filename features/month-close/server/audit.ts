import "server-only";
import { recordAudit, recordAuditMany, type AuditEntryInput } from "@/lib/audit/server/record";
import type { Prisma } from "@/lib/db/generated/client";
import type { MonthAction, MonthState } from "../states";
import { emitMonthEvent, type MonthBefore } from "./month-events";
import type { WorkspaceRoleName } from "@/features/workspaces/schemas";

/** Who took a month-close step, in which workspace. */
export interface MonthActor {
  workspaceId: string;
  userId: string;
  name: string;
  roles: readonly WorkspaceRoleName[];
}

export type MonthStep =
  | {
      kind: "month_close.step";
      actor: MonthActor;
      companyId: number;
      period: string;
      action: MonthAction | "transfer_result" | "check_result";
      from: MonthState;
      to: MonthState;
      round: number;
      details?: Record<string, unknown>;
      /**
       * The month's row as it was before the step (its submitter and approver): the step's domain
       * event is emitted with it (./month-events.ts). Left out only by steps nobody is told of (a
       * Transfer starting, or sent back when it could not be queued).
       */
      month?: MonthBefore;
      /** The company's name, when the step already read it (else its event reads it: ./month-events.ts). */
      companyName?: string;
      /** Entries the step's action wrote besides the step (a DATEV export's), recorded with it in one statement. */
      alongside?: readonly AuditEntryInput[];
    }
  | { kind: "workspace.four_eyes"; actor: MonthActor; enabled: boolean | null }
  | {
      kind: "month_close.acknowledged";
      actor: MonthActor;
      companyId: number;
      period: string;
      acknowledgementId: string;
      details: {
        round: number;
        warningId: string;
        rule: string;
        employeeId: number;
        entryKind: string | null;
        lineId: string | null;
        comment: string;
      };
    };

type Acknowledged = Extract<MonthStep, { kind: "month_close.acknowledged" }>;

const actorOf = (actor: MonthActor) => ({ workspaceId: actor.workspaceId, userId: actor.userId, name: actor.name });

const acknowledgedEntry = (step: Acknowledged): AuditEntryInput => ({
  kind: step.kind,
  companyId: step.companyId,
  period: step.period,
  subjectId: step.acknowledgementId,
  details: step.details,
});

/** The one place the month close writes the audit trail (and emits its domain events), in the transaction of the step it records. */
export async function auditMonthStep(tx: Prisma.TransactionClient, step: MonthStep): Promise<void> {
  const actor = actorOf(step.actor);
  if (step.kind === "workspace.four_eyes") {
    await recordAudit(tx, actor, { kind: "workspace.four_eyes", details: { enabled: step.enabled } });
    return;
  }
  if (step.kind === "month_close.acknowledged") {
    await recordAudit(tx, actor, acknowledgedEntry(step));
    return;
  }
  await recordAuditMany(tx, actor, [
    ...(step.alongside ?? []),
    {
      kind: "month_close.step",
      companyId: step.companyId,
      period: step.period,
      details: { ...step.details, action: step.action, from: step.from, to: step.to, round: step.round },
    },
  ]);
  if (step.month) await emitMonthEvent(tx, { ...step, month: step.month });
}

/**
 * Many acknowledgements of one person at once (by rule): one entry per warning, as one at a
 * time would record them (so the trail's filter by employee finds each), written in one statement.
 */
export async function auditAcknowledgements(
  tx: Prisma.TransactionClient,
  steps: readonly Acknowledged[],
): Promise<void> {
  const first = steps[0];
  if (!first) return;
  if (
    steps.some((step) => step.actor.userId !== first.actor.userId || step.actor.workspaceId !== first.actor.workspaceId)
  )
    throw new Error("auditAcknowledgements records the steps of one person.");
  await recordAuditMany(tx, actorOf(first.actor), steps.map(acknowledgedEntry));
}
