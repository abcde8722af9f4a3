import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { now } from "@/lib/clock";
import { emitEvent } from "@/lib/events/server/emit";
import { monthChangedNotices } from "@/features/payroll/entries/server/draft-hub";
import { rolesFor } from "@/features/workspaces/permissions";
import { TRANSFER_OUTCOME_EVENTS, type MonthEvent } from "@/lib/events/events";
import type { MonthAction, MonthState } from "../states";

/** A month's row before a step: which month, under which connection, who submitted and approved it. */
export interface MonthBefore {
  id: string;
  connectionId: string;
  submittedById: string | null;
  approvedById: string | null;
}

interface MonthStepFacts {
  actor: { workspaceId: string; userId: string; name: string };
  companyId: number;
  period: string;
  action: MonthAction | "transfer_result" | "check_result";
  from: MonthState;
  to: MonthState;
  details?: Record<string, unknown>;
  month: MonthBefore;
  /** The company's name as the step read it from the connection's list; else read here. */
  companyName?: string;
}

/** The company's name as its connection knows it (its number when the list has not been read). */
async function companyName(tx: Prisma.TransactionClient, connectionId: string, companyId: number): Promise<string> {
  const company = await tx.payrollCompany.findUnique({
    where: { connectionId_companyId: { connectionId, companyId } },
    select: { name1: true },
  });
  return company?.name1 ?? String(companyId);
}

/**
 * The domain event of a month-close step, emitted from the audit writer (./audit.ts), so every step
 * that is recorded is also told, in the same transaction: hand in, send back (with its reason), submit, withdraw, approve, reopen (with
 * its reason), and a Transfer's outcome (the transfer job's or a later read-back's) when it leaves
 * the month Transferred, Transfer unclear or Waiting for pay run. A Transfer starting tells nobody.
 */
export async function emitMonthEvent(tx: Prisma.TransactionClient, step: MonthStepFacts): Promise<void> {
  const { month, actor } = step;
  const base = {
    workspaceId: actor.workspaceId,
    occurredAt: now().toISOString(),
    actor: { id: actor.userId, name: actor.name },
    connectionId: month.connectionId,
    companyId: step.companyId,
    companyName: step.companyName ?? (await companyName(tx, month.connectionId, step.companyId)),
    period: step.period,
    monthCloseId: month.id,
  };
  const event = eventOf(step, base);
  if (event) await emitEvent(tx, event);
  // Every open page of the month follows its state (the draft stream's `month` event), at commit: one statement.
  const notices = monthChangedNotices(
    { connectionId: month.connectionId, companyId: step.companyId, period: step.period },
    step.to,
  );
  await tx.$executeRaw`SELECT pg_notify(n.channel, n.payload)
    FROM unnest(${notices.map((notice) => notice.channel)}::text[], ${notices.map((notice) => notice.payload)}::text[])
      AS n(channel, payload)`;
}

type Base = Omit<MonthEvent, "type" | "submittedById" | "approvedById" | "reason">;

function eventOf(step: MonthStepFacts, base: Base): MonthEvent | null {
  const { month } = step;
  switch (step.action) {
    case "hand_in":
      return { ...base, type: "month.handed_in" };
    case "send_back":
      return { ...base, type: "month.sent_back", reason: String(step.details?.reason ?? "") };
    case "submit":
      return { ...base, type: "month.submitted", approverRoles: rolesFor("payroll.approve") };
    case "withdraw":
      return { ...base, type: "month.withdrawn" };
    case "approve":
      return { ...base, type: "month.approved", submittedById: month.submittedById };
    case "reopen":
      return {
        ...base,
        type: "month.reopened",
        reason: String(step.details?.reason ?? ""),
        submittedById: month.submittedById,
      };
    case "transfer_result":
    case "check_result": {
      // The job's result is news even when the month stays as it was while it sent (Transfer unclear); a read-back's only when it changes the month.
      if (!(step.to in TRANSFER_OUTCOME_EVENTS) || (step.action === "check_result" && step.from === step.to))
        return null;
      const type = TRANSFER_OUTCOME_EVENTS[step.to as keyof typeof TRANSFER_OUTCOME_EVENTS];
      // The job acts in the name of whoever pressed Transfer; the approver is the row's.
      const people = { submittedById: month.submittedById, approvedById: month.approvedById };
      return type === "month.transferred"
        ? { ...base, type, ...people, target: step.details?.target === "datev" ? "datev" : "payroll_service" }
        : { ...base, type, ...people };
    }
    default:
      return null;
  }
}
