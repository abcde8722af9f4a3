import { z } from "zod";

/**
 * The webhooks feature's inputs and shapes, shared by its form, routes and server (browser-safe:
 * no database here). An owner registers endpoints of their workspace; each gets the events of the
 * types it names, signed per Standard Webhooks (https://www.standardwebhooks.com).
 */

/** The event types an endpoint may subscribe to: the month close's state changes and member changes. */
export const WEBHOOK_EVENT_TYPES = [
  "month.handed_in",
  "month.sent_back",
  "month.submitted",
  "month.withdrawn",
  "month.approved",
  "month.reopened",
  "month.transferred",
  "month.transfer_unclear",
  "month.waiting_for_pay_run",
  "member.joined",
  "member.removed",
  "member.roles_changed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

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

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, "chooseEvent")
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type)));

export const createEndpointSchema = z
  .object({
    url: webhookUrlSchema,
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, "tooLong").default(""),
    eventTypes: eventTypesSchema,
  })
  .strict();
export type CreateEndpointInput = z.input<typeof createEndpointSchema>;

export const updateEndpointSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, "tooLong").optional(),
    eventTypes: eventTypesSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateEndpointInput = z.input<typeof updateEndpointSchema>;

export const workspaceParamsSchema = z.object({ workspaceId: z.uuid() });
export const endpointParamsSchema = z.object({ workspaceId: z.uuid(), endpointId: z.uuid() });

export const endpointViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
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
