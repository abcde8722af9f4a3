import "server-only";
import { Agent, request, type Dispatcher } from "undici";
import { detached } from "@/lib/server/detached";
import { isIP } from "node:net";
import { BlockedAddressError, guardedLookup, isPublicAddress } from "./address-guard";
import type { SignedHeaders } from "./signing";

/**
 * One attempt to deliver a webhook: a POST of the stored body with its signed headers, within
 * `DELIVERY_TIMEOUT_MS`, never following a redirect. Without WEBHOOKS_ALLOW_PRIVATE only to
 * https URLs whose host resolves to public addresses only, and the socket connects to an address
 * that was checked (./address-guard.ts). Answers what happened, never throws.
 */
export const DELIVERY_TIMEOUT_MS = 10_000;
const ERROR_MAX = 300;

export type AttemptResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

const holder = globalThis as { __webhookAgents?: { guarded: Dispatcher; open: Dispatcher } };

function agents() {
  // Made outside any request's async context, so their sockets keep no request alive (lib/server/detached.ts).
  holder.__webhookAgents ??= detached(() => ({
    guarded: new Agent({
      connect: { lookup: guardedLookup(), timeout: DELIVERY_TIMEOUT_MS },
      keepAliveTimeout: 10_000,
    }),
    open: new Agent({ connect: { timeout: DELIVERY_TIMEOUT_MS }, keepAliveTimeout: 10_000 }),
  }));
  return holder.__webhookAgents;
}

function describe(error: unknown): string {
  if (error instanceof BlockedAddressError) return error.message;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof BlockedAddressError) return cause.message;
  const name = (error as { name?: string }).name;
  if (name === "TimeoutError" || name === "AbortError") return `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s.`;
  const code = (error as { code?: string }).code ?? (cause as { code?: string } | undefined)?.code;
  const message = (error as Error).message || String(error);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, ERROR_MAX);
}

export async function sendWebhook(
  url: string,
  headers: SignedHeaders,
  body: string,
  options: { allowPrivate: boolean },
): Promise<AttemptResult> {
  try {
    const target = new URL(url);
    if (!options.allowPrivate) {
      if (target.protocol !== "https:")
        return { ok: false, status: null, error: "Only https addresses receive webhooks." };
      // An IP literal never goes through the socket's lookup: it is checked here.
      const host = target.hostname.replace(/^\[|\]$/g, "");
      if (isIP(host) && !isPublicAddress(host)) throw new BlockedAddressError(target.hostname);
    }
    const response = await request(target, {
      method: "POST",
      dispatcher: options.allowPrivate ? agents().open : agents().guarded,
      headers: { ...headers, "content-type": "application/json", "user-agent": "Ledgerlane-Webhooks/1.0" },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headersTimeout: DELIVERY_TIMEOUT_MS,
      bodyTimeout: DELIVERY_TIMEOUT_MS,
    });
    await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    const status = response.statusCode;
    if (status >= 200 && status < 300) return { ok: true, status };
    return { ok: false, status, error: `The endpoint answered HTTP ${status}.` };
  } catch (error) {
    return { ok: false, status: null, error: describe(error) };
  }
}
