import type { IncomingMessage, ServerResponse } from "node:http";
import type { BlockList } from "node:net";

// The points where the app's code meets tracing (docs/tracing.md, docs/adr/0253-tracing.md): the
// request listener, the upstream core, the retry core, pg-boss's send and work, the logger's mixin.
// Each calls one of these; while tracing is off (no OTEL_EXPORTER_OTLP_ENDPOINT) they are the
// no-ops below and nothing of OpenTelemetry is loaded. ./server/sdk.ts, loaded only when tracing is on,
// puts the real ones (./server/spans.ts) in their place. They live on globalThis, like the log context:
// server.ts is bundled apart from Next's chunks, which load ./server/sdk.ts through instrumentation.ts.
// No OpenTelemetry import and no `server-only` here: server.ts and the logger import it.

/** What ./server/spans.ts needs of an upstream request (lib/http/server/upstream.ts's, not imported: no cycle). */
export interface TracedUpstreamRequest {
  method: string;
  url: string;
  budget?: { service: string };
}

export interface TracedUpstreamResponse {
  status: number;
  headers: Record<string, string>;
}

/** A pg-boss job as the job span reads it: its id and the data it was sent with. */
export interface TracedJob {
  id: string;
  data?: unknown;
}

export interface TracingHooks {
  /** The `trace_id` and `span_id` of the active span, for every log line; undefined when none. */
  logFields(): { trace_id: string; span_id: string } | undefined;
  /** Runs `handle` in the request's server span (its parent from `traceparent` only from a trusted proxy). */
  serverRequest<T>(
    request: IncomingMessage,
    response: ServerResponse,
    trusted: BlockList,
    requestId: string,
    handle: () => T,
  ): T;
  /** Runs one upstream request (`run`, given the exchange it must call) in a client span. */
  upstream<Request extends TracedUpstreamRequest, Response extends TracedUpstreamResponse>(
    req: Request,
    exchange: (req: Request) => Promise<Response>,
    run: (exchange: (req: Request) => Promise<Response>) => Promise<Response>,
  ): Promise<Response>;
  /** Runs one try of a retried call, its upstream spans marked with `attempt` (1 for the first). */
  retryAttempt<T>(attempt: number, work: () => Promise<T>): Promise<T>;
  /** The W3C `traceparent` of the active span, for a job sent now; undefined when none. */
  traceparent(): string | undefined;
  /** Runs a worker's batch of `queue` in a job span linked to the spans that sent its jobs. */
  jobBatch<T>(queue: string, jobs: readonly TracedJob[], work: () => Promise<T>): Promise<T>;
}

export const noTracing: TracingHooks = {
  logFields: () => undefined,
  serverRequest: (_request, _response, _trusted, _requestId, handle) => handle(),
  upstream: (_req, exchange, run) => run(exchange),
  retryAttempt: (_attempt, work) => work(),
  traceparent: () => undefined,
  jobBatch: (_queue, _jobs, work) => work(),
};

const holder = globalThis as { __ledgerlaneTracing?: TracingHooks };

/** The hooks in force: ./server/spans.ts's once ./server/sdk.ts started tracing, else the no-ops. */
export function tracing(): TracingHooks {
  return holder.__ledgerlaneTracing ?? noTracing;
}

/** Puts `hooks` in force (./server/sdk.ts; a bench or test switches back with `undefined`). */
export function setTracingHooks(hooks: TracingHooks | undefined): void {
  holder.__ledgerlaneTracing = hooks;
}

/** The job data's field that carries the sending span's context (read by the job span's link). */
export const TRACEPARENT_FIELD = "traceparent";
