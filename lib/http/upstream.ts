import "server-only";
import { Agent, request, type Dispatcher } from "undici";

/**
 * One kept-alive connection pool per process for every upstream call: the
 * accounting service is called on most page views, so TCP and TLS set-up is
 * paid once, not per request.
 */
const holder = globalThis as { __upstreamAgent?: Agent };

function agent(): Agent {
  holder.__upstreamAgent ??= new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000, connections: 64 });
  return holder.__upstreamAgent;
}

export interface UpstreamRequest {
  method: Dispatcher.HttpMethod;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export class UpstreamNetworkError extends Error {
  override readonly name = "UpstreamNetworkError";
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

function flatten(headers: Dispatcher.ResponseData["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/** One HTTP exchange, body read as text; network failures and timeouts become UpstreamNetworkError. */
export async function upstreamRequest(req: UpstreamRequest): Promise<UpstreamResponse> {
  // A controller and a plain timer: AbortSignal.timeout() costs a weak reference per call, on every proxied request.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), req.timeoutMs);
  const signal = deadline.signal;
  try {
    const response = await request(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      dispatcher: agent(),
      signal,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: flatten(response.headers), text };
  } catch (error) {
    const timedOut = signal.aborted || (error as { code?: string }).code?.includes("TIMEOUT") === true;
    // The message names the host only: URLs may carry query data, never tokens, but stay terse.
    const host = new URL(req.url).host;
    throw new UpstreamNetworkError(timedOut ? `${host} did not answer in time` : `${host} could not be reached`, timedOut);
  } finally {
    clearTimeout(timer);
  }
}
