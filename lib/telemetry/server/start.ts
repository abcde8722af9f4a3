import "server-only";
import { telemetrySettings, tracingEnabled } from "@/lib/env/telemetry-settings";
import { onShutdown } from "@/lib/server/shutdown";

/**
 * Tracing of this server process (prepareServerProcess, web and worker alike): on when
 * OTEL_EXPORTER_OTLP_ENDPOINT names a collector and OTEL_SDK_DISABLED is not true. Off, nothing of
 * OpenTelemetry is loaded (./sdk.ts is imported here only) and the hooks stay no-ops (../hooks.ts).
 * The spans batched when the process stops are sent before it exits (its shutdown hooks).
 */
export async function startTracing(
  role: "web" | "worker",
  env: Record<string, string | undefined> = process.env,
): Promise<boolean> {
  const settings = telemetrySettings(env);
  if (!tracingEnabled(settings)) return false;
  const { startTracingSdk, otlpExporter } = await import("./sdk");
  const { stop } = startTracingSdk({
    serviceName: settings.OTEL_SERVICE_NAME ?? `ledgerlane-${role}`,
    exporter: await otlpExporter(settings.OTEL_EXPORTER_OTLP_ENDPOINT!, settings.OTEL_EXPORTER_OTLP_PROTOCOL),
  });
  onShutdown("tracing", stop);
  return true;
}
