import "server-only";
import { provideAuditPresenters } from "@/features/audit-trail/present";
import { provideNotificationKinds, type NotificationKind } from "@/features/notifications/kinds";
import { provideWebhookEventTypes, type WebhookEventType } from "@/features/webhooks/event-types";
import { provideAuditKinds, type AuditKind, type AuditKindDeclaration } from "@/lib/audit/kinds";
import type { KindPresenters } from "@/lib/audit/present";
import { provideEventConsumers } from "@/lib/events/server/emit";
import { joinTables, type NotificationKindDeclaration } from "@/lib/features-core/kinds";
import { presentersOf } from "@/lib/features-core/manifest";
import { FEATURES } from "./features";

/**
 * What the features hand to the layers below them, built from the manifests' list: the domain
 * events' consumers (the event core imports none), the audit trail's presenters (the trail
 * imports no other feature), the audit kinds, the notification kinds and the webhook event types
 * (each declared by the feature that records or causes it). docs/adr/0241-feature-manifests.md.
 */

/** Typed by every kind: a kind that no manifest presents, or declares, does not compile here. */
const AUDIT_KINDS: Record<AuditKind, AuditKindDeclaration> = joinTables(FEATURES, "auditKinds");

const AUDIT_PRESENTERS: KindPresenters<AuditKind> = presentersOf(FEATURES);

const EVENT_CONSUMERS = FEATURES.flatMap((feature) => ("eventConsumers" in feature ? feature.eventConsumers : []));

/** Typed by every kind of the declaration merging: a kind that no manifest names does not compile here. */
const NOTIFICATION_KINDS: Record<NotificationKind, NotificationKindDeclaration> = joinTables(
  FEATURES,
  "notificationKinds",
);

const WEBHOOK_EVENT_TYPES: Record<WebhookEventType, { order: number }> = joinTables(FEATURES, "webhookEventTypes");

/**
 * Wires this process: instrumentation.ts before it serves or starts jobs, ./jobs.ts for a process
 * that only runs jobs (the worker fixtures), and every vitest file (scripts/test/wire-features.ts).
 * Idempotent. Without it, emitting an event, presenting an audit entry or reading the kinds throws:
 * nothing is lost silently.
 */
export function wireFeatures(): void {
  provideEventConsumers(EVENT_CONSUMERS);
  provideAuditKinds(AUDIT_KINDS);
  provideAuditPresenters(AUDIT_PRESENTERS);
  provideNotificationKinds(NOTIFICATION_KINDS);
  provideWebhookEventTypes(WEBHOOK_EVENT_TYPES);
}
