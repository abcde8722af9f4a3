import "server-only";
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
  | { kind: "workspace.four_eyes"; actor: MonthActor; enabled: boolean | null };

/**
 * The one place the month close writes the audit trail, in the transaction of the step it
 * records. Connected to lib/audit at merge: `recordAudit(tx, { workspaceId, userId, name },
 * { kind, companyId, period, details })`. Until then it records nothing (tests spy on it).
 */
export async function auditMonthStep(tx: Prisma.TransactionClient, step: MonthStep): Promise<void> {
  void tx;
  void step;
  await Promise.resolve();
}
