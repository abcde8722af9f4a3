import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-node";
import { buildLogger } from "@/lib/log/logger";
import { TRACEPARENT_FIELD, tracing } from "../hooks";
import { fakeSender } from "../testing/fake-sender";
import { carryTraceContext } from "../job-context";
import { startTracingSdk } from "./sdk";

// Tracing on, its spans kept in memory: what the upstream, retry, job and log hooks make of them.

const exporter = new InMemorySpanExporter();
let sdk: ReturnType<typeof startTracingSdk>;

beforeAll(() => {
  sdk = startTracingSdk({ serviceName: "ledgerlane-test", exporter });
});
afterAll(() => sdk.stop());

const answer = (status: number, headers: Record<string, string> = {}) => Promise.resolve({ status, headers, text: "" });

describe("tracing on", () => {
  it("records upstream requests with service, route template, status, attempt and budget wait, and links jobs to their sender", async () => {
    const hooks = tracing();
    let sentTraceparent: string | undefined;
    let logged: Record<string, unknown> = {};
    const lines: string[] = [];
    const logger = buildLogger({ LOG_LEVEL: "info", LOG_FORMAT: "json" }, (line) => lines.push(line));

    await hooks.retryAttempt(2, () =>
      hooks.upstream(
        {
          method: "GET",
          url: "http://127.0.0.1:4110/payroll/v1/companies/1001/employees?api_key=pk_secret",
          budget: { service: "payroll" },
        },
        () => {
          sentTraceparent = hooks.traceparent();
          logger.info("inside");
          logged = JSON.parse(lines[0]!) as Record<string, unknown>;
          return answer(503);
        },
        async (exchange) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return exchange({
            method: "GET",
            url: "http://127.0.0.1:4110/payroll/v1/companies/1001/employees?api_key=pk_secret",
            budget: { service: "payroll" },
          });
        },
      ),
    );
    await hooks.jobBatch("overview-refresh", [{ id: "job-1", data: { [TRACEPARENT_FIELD]: sentTraceparent } }], () =>
      answer(200),
    );
    await hooks.upstream(
      { method: "POST", url: "https://service.example/oauth/token", budget: { service: "accounting" } },
      () => answer(200),
      () => answer(429, { "x-upstream-budget": "exhausted" }),
    );
    await sdk.flush();

    const spans = exporter.getFinishedSpans();
    const upstream = spans.find((span) => span.attributes["ledgerlane.upstream.service"] === "payroll")!;
    expect(upstream.name).toBe("GET payroll /payroll/v1/companies/{id}/employees");
    expect(upstream.attributes).toMatchObject({
      "url.template": "/payroll/v1/companies/{id}/employees",
      "http.response.status_code": 503,
      "ledgerlane.upstream.attempt": 2,
      "http.request.resend_count": 1,
    });
    expect(upstream.attributes["ledgerlane.upstream.budget_wait_ms"]).toBeGreaterThanOrEqual(15);
    expect(upstream.status.code).toBe(2);
    expect(JSON.stringify(spans.map((span) => [span.name, span.attributes]))).not.toContain("pk_secret");

    const refused = spans.find((span) => span.attributes["ledgerlane.upstream.service"] === "accounting")!;
    expect(refused.attributes).toMatchObject({
      "ledgerlane.upstream.budget_refused": true,
      "http.response.status_code": 429,
    });

    // The log line inside the exchange names the upstream span.
    expect(logged).toMatchObject({
      trace_id: upstream.spanContext().traceId,
      span_id: upstream.spanContext().spanId,
    });

    const job = spans.find((span) => span.name === "job overview-refresh")!;
    expect(job.links.map((link) => link.context.traceId)).toEqual([upstream.spanContext().traceId]);
    expect(job.spanContext().traceId).not.toBe(upstream.spanContext().traceId);
    expect(job.attributes).toMatchObject({
      "messaging.destination.name": "overview-refresh",
      "messaging.message.id": "job-1",
    });
  });

  it("puts the sending span's traceparent into a job's data", async () => {
    const boss = fakeSender();
    carryTraceContext(boss);
    await tracing().jobBatch("sender", [], () => boss.send("overview-refresh", { connectionId: "c1" }));
    await boss.send("overview-refresh", { connectionId: "c2" });
    expect(boss.sent[0]).toMatchObject({ connectionId: "c1", [TRACEPARENT_FIELD]: expect.stringMatching(/^00-/) });
    // Outside any span, as it was sent.
    expect(boss.sent[1]).toEqual({ connectionId: "c2" });
  });
});
