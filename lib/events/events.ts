/**
 * The domain events: what happened in a workspace that someone (a person, another tool) may want
 * to be told of. Pure types; they are emitted by lib/events/server/emit.ts inside the transaction
 * of the change, and each consumer (notifications, webhook deliveries) only inserts rows there.
 */

/** Who caused an event; id and name null for the system (a job acting on its own). */
export interface EventActor {
  id: string | null;
  name: string | null;
}

interface EventBase {
  workspaceId: string;
  /** ISO 8601 instant (the app's clock, lib/clock). */
  occurredAt: string;
  actor: EventActor;
}

/** A company's payroll month in the month close. */
interface MonthEventBase extends EventBase {
  connectionId: string;
  companyId: number;
  companyName: string;
  /** `YYYY-MM` */
  period: string;
  monthCloseId: string;
}

/** The outcome of a Transfer (from the transfer job or a later read-back of the service). */
interface MonthTransferEventBase extends MonthEventBase {
  submittedById: string | null;
  approvedById: string | null;
}

/** The client handed the month in (the firm reviews it). */
export type MonthHandedIn = MonthEventBase & { type: "month.handed_in" };
/** The firm sent a handed-in month back to its client, with why. */
export type MonthSentBack = MonthEventBase & { type: "month.sent_back"; reason: string };
export type MonthSubmitted = MonthEventBase & {
  type: "month.submitted";
  /** The workspace roles that may approve it (features/workspaces/permissions.ts `payroll.approve`): whoever holds one is told. */
  approverRoles: readonly ("owner" | "clerk" | "approver" | "viewer" | "client")[];
};
export type MonthWithdrawn = MonthEventBase & { type: "month.withdrawn" };
export type MonthApproved = MonthEventBase & { type: "month.approved"; submittedById: string | null };
export type MonthReopened = MonthEventBase & { type: "month.reopened"; reason: string; submittedById: string | null };
export type MonthTransferred = MonthTransferEventBase & {
  type: "month.transferred";
  /** Where the month went: the payroll service, or a DATEV file (features/datev). */
  target?: "payroll_service" | "datev";
};
export type MonthTransferUnclear = MonthTransferEventBase & { type: "month.transfer_unclear" };
export type MonthWaitingForPayRun = MonthTransferEventBase & { type: "month.waiting_for_pay_run" };

export type MemberJoined = EventBase & { type: "member.joined"; userId: string; invitedById: string | null };
export type MemberRemoved = EventBase & { type: "member.removed"; userId: string };
export type MemberRolesChanged = EventBase & { type: "member.roles_changed"; userId: string; roles: string[] };

export type ConnectionAttention = EventBase & {
  type: "connection.attention";
  connectionKind: "payroll" | "accounting";
  connectionId: string;
  /** Why, as a code: `key_refused` (payroll), `invalid_grant` (accounting). */
  reason: string;
};

/**
 * A workspace's audit trail head signed with the installation's key (lib/audit/chain/server/checkpoint.ts):
 * its owners keep a copy outside the database (mail, webhook), so a rewritten chain can be proven.
 */
export type AuditCheckpointSigned = EventBase & {
  type: "audit.checkpoint";
  checkpointId: string;
  count: number;
  headHash: string;
  signedAt: string;
  keyFingerprint: string;
  /** The signed text (canonical JSON) and its Ed25519 signature, base64: enough to verify it alone. */
  statement: string;
  signature: string;
};

export type MonthEvent =
  | MonthHandedIn
  | MonthSentBack
  | MonthSubmitted
  | MonthWithdrawn
  | MonthApproved
  | MonthReopened
  | MonthTransferred
  | MonthTransferUnclear
  | MonthWaitingForPayRun;

export type DomainEvent =
  MonthEvent | MemberJoined | MemberRemoved | MemberRolesChanged | ConnectionAttention | AuditCheckpointSigned;

/** The month-close state a Transfer's outcome leaves, as its event's type (other states are no outcome to tell). */
export const TRANSFER_OUTCOME_EVENTS = {
  transferred: "month.transferred",
  transfer_unclear: "month.transfer_unclear",
  waiting_for_pay_run: "month.waiting_for_pay_run",
} as const;
