import "server-only";
import { ApiError } from "@/lib/http/api-error";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import type { MonthActor } from "./audit";
import { transition, type Tx } from "./service";
import { SEND_BACK_REASON_MAX_LENGTH as SEND_BACK_REASON_MAX, sendBackReasonSchema } from "../schemas";
import { holdsRole, type MonthCloseView } from "../states";

// The client's part of the month close (issue #28): hand in, and the firm's send back. The steps run
// through ./service.ts `transition` (row lock, role and state check, audit and event in one transaction).

/**
 * The client's reach, in the query inside the step's transaction: a membership of the actor's
 * workspace holding the client role with this company of a connection of that same workspace
 * (workspace_member_companies). Another company, or a company of another workspace: 403.
 */
async function refuseUnlessClientOf(tx: Tx, key: MonthKey, actor: MonthActor): Promise<void> {
  // Not a client at all: the role check that follows says so.
  if (!holdsRole(actor.roles, "hand_in")) return;
  const reached = await tx.workspaceMemberCompany.findFirst({
    where: {
      workspaceId: actor.workspaceId,
      userId: actor.userId,
      connectionId: key.connectionId,
      companyId: key.companyId,
      member: { roles: { has: "client" } },
      connection: { workspaceId: actor.workspaceId },
    },
    select: { companyId: true },
  });
  if (!reached) throw new ApiError("forbidden", "You hand in only the months of the companies the firm gave you.");
}

/**
 * Open → Handed in (the client of this company): the client's month is done; the firm reviews it,
 * then submits it for review or sends it back. Not held by the checks: the firm reviews the
 * findings (Submit for review is held by them as ever).
 */
export function handInMonth(key: MonthKey, actor: MonthActor): Promise<MonthCloseView> {
  return transition(key, actor, {
    action: "hand_in",
    reach: (tx) => refuseUnlessClientOf(tx, key, actor),
    change: (_row, now) => ({
      state: "handed_in",
      handedInById: actor.userId,
      handedInByName: actor.name,
      handedInAt: now,
      sentBackReason: null,
      sentBackByName: null,
      sentBackAt: null,
    }),
  });
}

/** The reason's own rule (./schemas.ts), also for callers past the route: 422 `invalid` with the field's code. */
function sendBackReason(reason: string): string {
  const parsed = sendBackReasonSchema.safeParse(reason);
  if (!parsed.success) {
    const code = parsed.error.issues[0]?.message ?? "required";
    throw new ApiError("invalid", "Say why the month is sent back, in visible characters, at most 500.", {
      fields: { reason: code },
    });
  }
  return parsed.data.slice(0, SEND_BACK_REASON_MAX);
}

/** Handed in → Open (owner, clerk), with a reason the client reads: the client corrects the month and hands it in again. */
export async function sendBackMonth(key: MonthKey, actor: MonthActor, reason: string): Promise<MonthCloseView> {
  const text = sendBackReason(reason);
  return await transition(key, actor, {
    action: "send_back",
    change: (_row, now) => ({
      state: "open",
      sentBackReason: text,
      sentBackByName: actor.name,
      sentBackAt: now,
      handedInById: null,
      handedInByName: null,
      handedInAt: null,
    }),
    // The client who handed it in is told (./month-events.ts reads the row before the step).
    details: { reason: text },
  });
}
