import { describe, expect, it } from "vitest";
import { telemetrySettings, tracingEnabled } from "@/lib/env/telemetry-settings";
import { buildLogger } from "@/lib/log/logger";
import { noTracing, tracing } from "../hooks";
import { carryTraceContext } from "../job-context";
import { fakeSender } from "../testing/fake-sender";
import { startTracing } from "./start";

// Tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT, or OTEL_SDK_DISABLED=true): nothing of
// OpenTelemetry is registered, the hooks are the no-ops, and log lines carry no trace fields.

const OTEL_GLOBAL = Symbol.for("opentelemetry.js.api.1");

describe("tracing settings", () => {
  it("are on only with an endpoint, and OTEL_SDK_DISABLED=true wins", () => {
    expect(tracingEnabled(telemetrySettings({}))).toBe(false);
    expect(tracingEnabled(telemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "" }))).toBe(false);
    expect(tracingEnabled(telemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" }))).toBe(true);
    expect(
      tracingEnabled(
        telemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_SDK_DISABLED: "true" }),
      ),
    ).toBe(false);
    expect(telemetrySettings({}).OTEL_EXPORTER_OTLP_PROTOCOL).toBe("http/protobuf");
  });

  it("refuse gRPC and a wrong endpoint by name", () => {
    expect(() => telemetrySettings({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL/);
    expect(() => telemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });
});

describe("tracing off", () => {
  it("loads and registers nothing, and the hooks stay no-ops", async () => {
    expect(await startTracing("web", {})).toBe(false);
    expect(
      await startTracing("worker", { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9", OTEL_SDK_DISABLED: "true" }),
    ).toBe(false);
    expect((globalThis as Record<symbol, unknown>)[OTEL_GLOBAL]).toBeUndefined();
    expect(tracing()).toBe(noTracing);
    expect(tracing().traceparent()).toBeUndefined();
    expect(await tracing().jobBatch("q", [], async () => 7)).toBe(7);
    const boss = fakeSender();
    carryTraceContext(boss);
    await boss.send("q", { id: "row-1" });
    expect(boss.sent).toEqual([{ id: "row-1" }]);
  });

  it("adds no trace fields to log lines", () => {
    const lines: string[] = [];
    buildLogger({ LOG_LEVEL: "info", LOG_FORMAT: "json" }, (line) => lines.push(line)).info("hello");
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).not.toHaveProperty("trace_id");
    expect(line).not.toHaveProperty("span_id");
  });
});
