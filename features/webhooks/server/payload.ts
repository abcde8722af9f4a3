import "server-only";
import { createHash } from "node:crypto";
import type { DomainEvent } from "@/lib/events/events";
import { isWebhookEventType, type WebhookEventType } from "../event-types";

/**
 * What a webhook says about a domain event (lib/events/events.ts): the Standard Webhooks body
 * `{ type, timestamp, data }`, with what another tool needs to act on it: ids, the company's
 * and people's names, no e-mail addresses, no secrets. Pure.
 */
export type WebhookEvent = Extract<DomainEvent, { type: WebhookEventType }>;

export function isWebhookEvent(event: DomainEvent): event is WebhookEvent {
  return isWebhookEventType(event.type);
}

export interface WebhookBody {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The event's identity: the same event (emitted again by a retried step) is one delivery per endpoint. */
export function eventKey(event: DomainEvent): string {
  return createHash("sha256").update(JSON.stringify(event)).digest("base64url");
}

/** `memberName`: the name of the member a member event is about, read where the event is enqueued. */
export function webhookBody(event: WebhookEvent, memberName: string | null = null): WebhookBody {
  const base = { workspaceId: event.workspaceId, actor: { name: event.actor.name } };
  if (event.type.startsWith("month.") && "monthCloseId" in event) {
    return {
      type: event.type,
      timestamp: event.occurredAt,
      data: {
        ...base,
        connectionId: event.connectionId,
        companyId: event.companyId,
        companyName: event.companyName,
        period: event.period,
        monthCloseId: event.monthCloseId,
        ...("reason" in event ? { reason: event.reason } : {}),
        // month.transferred names where the month went (`payroll_service` or `datev`).
        ...("target" in event && event.target ? { target: event.target } : {}),
      },
    };
  }
  if (event.type === "audit.checkpoint") {
    // The signed statement itself: the receiver can keep it and verify it without Ledgerlane.
    const { checkpointId, count, headHash, signedAt, keyFingerprint, statement, signature } = event;
    return {
      type: event.type,
      timestamp: event.occurredAt,
      data: { ...base, checkpointId, count, headHash, signedAt, keyFingerprint, statement, signature },
    };
  }
  const member = "userId" in event ? { id: event.userId, name: memberName } : null;
  return {
    type: event.type,
    timestamp: event.occurredAt,
    data: { ...base, member, ...("roles" in event ? { roles: event.roles } : {}) },
  };
}
