import "server-only";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/**
 * Signing per Standard Webhooks (https://www.standardwebhooks.com): a secret is `whsec_` and the
 * base64 of 32 random bytes (the spec asks for 24 to 64); a signature is `v1,<base64 HMAC-SHA256
 * of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in force, separated by spaces (so
 * a receiver still holding the previous secret verifies during a rotation). The signing itself is
 * the `standardwebhooks` reference library's.
 */
export const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

export interface SignedHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/**
 * The three headers of one attempt. `sentAt` is the real time of sending (receivers compare it
 * with their own clock to refuse replays), so it is never the tests' moved clock.
 */
export function signDelivery(secrets: readonly string[], messageId: string, sentAt: Date, body: string): SignedHeaders {
  if (secrets.length === 0) throw new Error("A delivery needs at least one secret to sign with.");
  const signature = secrets.map((secret) => new Webhook(secret).sign(messageId, sentAt, body)).join(" ");
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": signature,
  };
}
