import type { IncomingMessage } from "node:http";
import type { BlockList } from "node:net";
import {
  context,
  createContextKey,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Link,
  type Span,
  type Tracer,
} from "@opentelemetry/api";
import { isTrustedAddress, normalizeAddress } from "@/lib/http/server/trusted-proxies";
import { routeTemplateOf } from "@/lib/metrics/http-requests";
import { pathnameOf } from "@/lib/metrics/route-templates";
import { TRACEPARENT_FIELD, type TracedJob, type TracingHooks } from "../hooks";
import { routeTemplate } from "../scrub";
import { formatTraceparent, parseTraceparent } from "../traceparent";

// The spans the app makes itself (docs/tracing.md lists them and their attributes): the request's
// server span, each upstream request's client span, each job batch's consumer span. Loaded only
// when tracing is on (./sdk.ts); ../hooks.ts is what the app's code calls.

const ATTEMPT = createContextKey("ledgerlane retry attempt");

/** The server spans still open, by span id: Next's own request span, their child, names their route (./sdk.ts). */
/** `routed`: Next's request span has named the route (./sdk.ts). */
export type OpenServerSpans = Map<string, { span: Span; method: string; routed?: boolean }>;

/** The parent a trusted proxy named in `traceparent`; from anyone else none: the request starts its own trace. */
export function trustedParent(request: IncomingMessage, trusted: BlockList): Context {
  const address = normalizeAddress(request.socket.remoteAddress);
  if (address === null || !isTrustedAddress(trusted, address)) return ROOT_CONTEXT;
  const parent = parseTraceparent(request.headers.traceparent);
  return parent ? trace.setSpanContext(ROOT_CONTEXT, { ...parent, isRemote: true }) : ROOT_CONTEXT;
}

/** The job data's sending spans, as links (a job span belongs to its own trace: the request is long done). */
export function jobLinks(jobs: readonly TracedJob[]): Link[] {
  return jobs.flatMap((job) => {
    const data = job.data as Record<string, unknown> | null | undefined;
    const parent = data && typeof data === "object" ? parseTraceparent(data[TRACEPARENT_FIELD]) : undefined;
    return parent ? [{ context: { ...parent, isRemote: true }, attributes: { "messaging.message.id": job.id } }] : [];
  });
}

async function inSpan<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The error's class only: its message may quote an answer or a person's input.
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.name ?? "Error" });
    throw error;
  } finally {
    span.end();
  }
}

export function tracingHooks(tracer: Tracer, servers: OpenServerSpans): TracingHooks {
  return {
    logFields() {
      const span = trace.getSpanContext(context.active());
      return span && isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : undefined;
    },

    serverRequest(request, response, trusted, requestId, handle) {
      const parent = trustedParent(request, trusted);
      const method = request.method ?? "GET";
      const span = tracer.startSpan(
        method,
        { kind: SpanKind.SERVER, attributes: { "http.request.method": method, "ledgerlane.request_id": requestId } },
        parent,
      );
      const id = span.spanContext().spanId;
      const open: { span: Span; method: string; routed?: boolean } = { span, method };
      servers.set(id, open);
      response.once("close", () => {
        servers.delete(id);
        // Next's request span names the route when it ends, which may be after the answer closed:
        // the build's route template (as the metrics label it) names it where Next has not yet.
        if (!open.routed) {
          const route = routeTemplateOf(pathnameOf(request.url));
          span.setAttribute("http.route", route);
          span.updateName(`${method} ${route}`);
        }
        span.setAttribute("http.response.status_code", response.statusCode);
        if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      return context.with(trace.setSpan(parent, span), handle);
    },

    upstream(req, exchange, run) {
      const service = req.budget?.service ?? "other";
      const route = routeTemplate(req.url);
      const attempt = (context.active().getValue(ATTEMPT) as number | undefined) ?? 1;
      const span = tracer.startSpan(`${req.method} ${service} ${route}`, {
        kind: SpanKind.CLIENT,
        attributes: {
          "http.request.method": req.method,
          "url.template": route,
          "server.address": new URL(req.url).hostname,
          "ledgerlane.upstream.service": service,
          "ledgerlane.upstream.attempt": attempt,
          ...(attempt > 1 ? { "http.request.resend_count": attempt - 1 } : {}),
        },
      });
      const started = performance.now();
      let waitedMs: number | undefined;
      const timedExchange: typeof exchange = (request) => {
        waitedMs ??= performance.now() - started;
        return exchange(request);
      };
      return context.with(trace.setSpan(context.active(), span), () =>
        inSpan(span, async () => {
          const response = await run(timedExchange);
          span.setAttributes({
            "http.response.status_code": response.status,
            // Until the budget granted the request (the whole time when it refused it).
            "ledgerlane.upstream.budget_wait_ms": Math.round(waitedMs ?? performance.now() - started),
            ...(response.headers["x-upstream-budget"] ? { "ledgerlane.upstream.budget_refused": true } : {}),
          });
          if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          return response;
        }),
      );
    },

    retryAttempt(attempt, work) {
      return context.with(context.active().setValue(ATTEMPT, attempt), work);
    },

    traceparent() {
      const span = trace.getSpanContext(context.active());
      return span && isSpanContextValid(span) ? formatTraceparent(span) : undefined;
    },

    jobBatch(queue, jobs, work) {
      const span = tracer.startSpan(`job ${queue}`, {
        kind: SpanKind.CONSUMER,
        root: true,
        links: jobLinks(jobs),
        attributes: {
          "messaging.system": "pg-boss",
          "messaging.destination.name": queue,
          "messaging.batch.message_count": jobs.length,
          ...(jobs.length === 1 ? { "messaging.message.id": jobs[0]!.id } : {}),
        },
      });
      return context.with(trace.setSpan(ROOT_CONTEXT, span), () => inSpan(span, work));
    },
  };
}
