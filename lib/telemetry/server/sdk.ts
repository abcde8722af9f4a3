import "server-only";
import type { Context } from "@opentelemetry/api";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type ReadableSpan,
  type Span,
  type SpanExporter,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-node";
import { ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import { PrismaInstrumentation } from "@prisma/instrumentation";
import { setTracingHooks } from "../hooks";
import { scrubAttributes, scrubSpanName } from "../scrub";
import { tracingHooks, type OpenServerSpans } from "./spans";

// The OpenTelemetry SDK of a process whose tracing is on (./start.ts decides; docs/adr/0253-tracing.md):
// a tracer provider with the AsyncLocalStorage context, Prisma's instrumentation, and every span
// scrubbed (./scrub.ts) and batched to the exporter. No global propagator: the only trace context
// taken from outside is a trusted proxy's `traceparent` (./spans.ts), which Next's own request
// span would otherwise read from anyone (its spans are children of ours, so it does not look).

export interface TracingSdkOptions {
  serviceName: string;
  /** Where the spans go; none: made and dropped (the log_overhead_ratio bench's "tracing on, no exporter"). */
  exporter?: SpanExporter;
}

/** Next's request span names the route once it knows it: the server span above it gets it too. */
class ServerRouteProcessor implements SpanProcessor {
  constructor(private readonly servers: OpenServerSpans) {}
  onStart(_span: Span, _context: Context): void {}
  onEnd(span: ReadableSpan): void {
    const route = span.attributes["http.route"];
    const parent = span.parentSpanContext?.spanId;
    const server = parent === undefined ? undefined : this.servers.get(parent);
    if (typeof route !== "string" || !server) return;
    server.routed = true;
    server.span.setAttribute("http.route", route);
    server.span.updateName(`${server.method} ${route}`);
  }
  forceFlush = () => Promise.resolve();
  shutdown = () => Promise.resolve();
}

/** The span as it may leave the process: its name and attributes scrubbed; the rest as it is. */
export function scrubbedSpan(span: ReadableSpan): ReadableSpan {
  return Object.create(span, {
    name: { value: scrubSpanName(span.name) },
    attributes: { value: scrubAttributes(span.attributes) },
    events: { value: span.events.map((event) => ({ ...event, attributes: scrubAttributes(event.attributes ?? {}) })) },
  }) as ReadableSpan;
}

class ScrubbingProcessor implements SpanProcessor {
  constructor(private readonly inner: SpanProcessor) {}
  onStart(span: Span, parent: Context): void {
    this.inner.onStart(span, parent);
  }
  onEnd(span: ReadableSpan): void {
    this.inner.onEnd(scrubbedSpan(span));
  }
  forceFlush = () => this.inner.forceFlush();
  shutdown = () => this.inner.shutdown();
}

/** Starts tracing in this process: `flush` sends what is batched, `stop` flushes and ends it. */
export function startTracingSdk(options: TracingSdkOptions): {
  flush(): Promise<void>;
  stop(): Promise<void>;
  /** The bench's switch (tracing.bench.ts): spans made (true) or not, in one process. */
  tracingOn(on: boolean): void;
} {
  const servers: OpenServerSpans = new Map();
  const spanProcessors: SpanProcessor[] = [new ServerRouteProcessor(servers)];
  if (options.exporter) spanProcessors.push(new ScrubbingProcessor(new BatchSpanProcessor(options.exporter)));
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors,
  });
  provider.register({ propagator: null });
  // Each query and its round trip to the database; not the serialisation of its answer (a span per
  // result, many per grid save, for little that the query's span does not say).
  const prisma = new PrismaInstrumentation({ ignoreSpanTypes: ["prisma:client:serialize"] });
  prisma.setTracerProvider(provider);
  prisma.enable();
  const hooks = tracingHooks(provider.getTracer("ledgerlane"), servers);
  setTracingHooks(hooks);
  return {
    flush: () => provider.forceFlush(),
    tracingOn: (on) => {
      setTracingHooks(on ? hooks : undefined);
      if (on) prisma.enable();
      else prisma.disable();
    },
    stop: async () => {
      setTracingHooks(undefined);
      prisma.disable();
      await provider.shutdown();
    },
  };
}

/** The OTLP/HTTP exporter of `protocol` towards `endpoint`'s /v1/traces (each loaded only when used). */
export async function otlpExporter(endpoint: string, protocol: "http/json" | "http/protobuf"): Promise<SpanExporter> {
  const url = `${endpoint.replace(/\/+$/, "")}/v1/traces`;
  const { OTLPTraceExporter } =
    protocol === "http/json"
      ? await import("@opentelemetry/exporter-trace-otlp-http")
      : await import("@opentelemetry/exporter-trace-otlp-proto");
  return new OTLPTraceExporter({ url });
}
