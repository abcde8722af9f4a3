import { z } from "zod";
import { webhookEventTypes, type WebhookEventType } from "./event-types";

/**
 * The webhooks feature's inputs and shapes, shared by its form, routes and server (browser-safe:
 * no database here). An owner registers endpoints of their workspace; each gets the events of the
 * types it names, signed per Standard Webhooks (https://www.standardwebhooks.com).
 */

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/**
 * An endpoint's address: an absolute https URL without credentials (http only where private
 * addresses are allowed, which the server checks with the address itself, features/webhooks/server/address-guard.ts).
 */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, "required")
  .max(WEBHOOK_URL_MAX, "tooLong")
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && url.hostname !== ""
      );
    } catch {
      return false;
    }
  }, "invalidUrl");

/** The types chosen, each once, in the list's order (the event types of this process, or the form's from its page). */
function eventTypesSchemaOf(list: readonly WebhookEventType[]) {
  return z
    .array(z.enum(list))
    .min(1, "chooseEvent")
    .max(list.length)
    .transform((types) => list.filter((type) => types.includes(type)));
}

/** A new endpoint, checked against the given event types: the form's, which has them from its page (./event-types.ts). */
export function createEndpointSchemaOf(list: readonly WebhookEventType[]) {
  return z
    .object({
      url: webhookUrlSchema,
      description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, "tooLong").default(""),
      eventTypes: eventTypesSchemaOf(list),
    })
    .strict();
}

// The server's: the event types wired into this process, read when a schema first parses, never when the module loads.
export const createEndpointSchema = z.lazy(() => createEndpointSchemaOf(webhookEventTypes()));
export type CreateEndpointInput = z.input<typeof createEndpointSchema>;

export const updateEndpointSchema = z.lazy(() =>
  z
    .object({
      url: webhookUrlSchema.optional(),
      description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, "tooLong").optional(),
      eventTypes: eventTypesSchemaOf(webhookEventTypes()).optional(),
      enabled: z.boolean().optional(),
    })
    .strict(),
);
export type UpdateEndpointInput = z.input<typeof updateEndpointSchema>;

export const workspaceParamsSchema = z.object({ workspaceId: z.uuid() });
export const endpointParamsSchema = z.object({ workspaceId: z.uuid(), endpointId: z.uuid() });

export const endpointViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.lazy(() => z.enum(webhookEventTypes()))),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** Until when the previous secret still signs beside the current one (after a rotation). */
  previousSecretUntil: z.string().nullable(),
});
export type EndpointView = z.infer<typeof endpointViewSchema>;

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export const deliveryViewSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type DeliveryView = z.infer<typeof deliveryViewSchema>;

export const secretViewSchema = z.object({ secret: z.string() });
