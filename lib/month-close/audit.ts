import "server-only";
import { recordAudit } from "@/lib/audit/record";
import type { Prisma } from "@/lib/db/generated/client";
import type { MonthAction, MonthState } from "./states";

/** Who took a month-close step, in which workspace. */
export interface MonthActor {
  workspaceId: string;
  userId: string;
  name: string;
  roles: readonly ("owner" | "clerk" | "approver" | "viewer")[];
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
    }
  | { kind: "workspace.four_eyes"; actor: MonthActor; enabled: boolean | null }
  | {
      kind: "month_close.acknowledged";
      actor: MonthActor;
      companyId: number;
      period: string;
      acknowledgementId: string;
      details: { round: number; warningId: string; rule: string; employeeId: number; entryKind: string | null; lineId: string | null; comment: string };
    };

/** The one place the month close writes the audit trail, in the transaction of the step it records. */
export async function auditMonthStep(tx: Prisma.TransactionClient, step: MonthStep): Promise<void> {
  const actor = { workspaceId: step.actor.workspaceId, userId: step.actor.userId, name: step.actor.name };
  if (step.kind === "workspace.four_eyes") {
    await recordAudit(tx, actor, { kind: "workspace.four_eyes", details: { enabled: step.enabled } });
    return;
  }
  if (step.kind === "month_close.acknowledged") {
    await recordAudit(tx, actor, { kind: step.kind, companyId: step.companyId, period: step.period, subjectId: step.acknowledgementId, details: step.details });
    return;
  }
  await recordAudit(tx, actor, {
    kind: "month_close.step",
    companyId: step.companyId,
    period: step.period,
    details: { ...step.details, action: step.action, from: step.from, to: step.to, round: step.round },
  });
}
