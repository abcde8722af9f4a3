/**
 * PLACEHOLDER until h/notifications lands (INTERFACES §3): the domain events, as agreed. The
 * merge takes h/notifications' file in place of this one.
 */
interface EventBase {
  workspaceId: string;
  occurredAt: string;
  actor: { id: string | null; name: string | null };
}
interface MonthEventBase extends EventBase {
  connectionId: string;
  companyId: number;
  companyName: string;
  period: string;
  monthCloseId: string;
}
export type DomainEvent =
  | (MonthEventBase & { type: "month.submitted" | "month.withdrawn" | "month.approved" })
  | (MonthEventBase & { type: "month.reopened"; reason: string; submittedById: string | null })
  | (MonthEventBase & {
      type: "month.transferred" | "month.transfer_unclear" | "month.waiting_for_pay_run";
      submittedById: string | null;
      approvedById: string | null;
    })
  | (EventBase & { type: "member.joined"; userId: string; invitedById: string | null })
  | (EventBase & { type: "member.removed"; userId: string })
  | (EventBase & { type: "member.roles_changed"; userId: string; roles: string[] })
  | (EventBase & { type: "connection.attention"; connectionKind: "payroll" | "accounting"; connectionId: string; reason: string });
