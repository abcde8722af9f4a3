import { kindRegistry } from "@/lib/features-core/kinds";

/**
 * The event types an endpoint may subscribe to: a published contract, each a domain event of the
 * feature that emits it. Each feature declares its own (`features/<f>/webhook-event-types.ts`:
 * the month close's state changes, the workspaces' member changes), named by its manifest, and
 * widens this interface by declaration merging; the composition root hands the joined table to
 * this process at start (lib/composition/wire.ts, docs/adr/0241-feature-manifests.md). Their
 * texts stay here (`webhooks.types`). The browser gets the list from the page (/settings/workspace).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the emitting features' declaration merging
export interface WebhookEventTypes {}

export type WebhookEventType = keyof WebhookEventTypes & string;

const registry = kindRegistry<WebhookEventType, { order: number }>("webhooks");

/** Sets this process's types: the composition root's `wireFeatures()`, from every manifest's `webhookEventTypes`. */
export const provideWebhookEventTypes = registry.provide;

/** Every type, in the form's order. */
export const webhookEventTypes = registry.list;

export const isWebhookEventType = registry.has;
