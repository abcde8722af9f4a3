import { z } from "zod";
import { withoutEmptyValues } from "./empty-values";

/**
 * Tracing's settings (lib/telemetry, docs/tracing.md), apart from the rest of the configuration
 * like the logger's (./log-settings.ts): read by every server process before anything else is,
 * and included in the server's schema so start-up checks them with the rest. The names and their
 * meaning are OpenTelemetry's own (its SDK environment variables), so a collector's usual
 * configuration applies; the exporter reads the others it knows (OTEL_EXPORTER_OTLP_HEADERS, …) itself.
 */
export const telemetrySettingsSchema = z.object({
  /** The collector's OTLP/HTTP base address (spans go to its /v1/traces); unset, tracing is off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL" })
    .optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .enum(["http/protobuf", "http/json"], {
      error: "OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (gRPC is not supported)",
    })
    .default("http/protobuf"),
  /** Overrides the process's service name (ledgerlane-web, ledgerlane-worker). */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  /** `true` keeps tracing off even with an endpoint (OpenTelemetry's own switch). */
  OTEL_SDK_DISABLED: z
    .enum(["true", "false"], { error: "OTEL_SDK_DISABLED must be true or false" })
    .default("false")
    .transform((value) => value === "true"),
});

export type TelemetrySettings = z.infer<typeof telemetrySettingsSchema>;

/** The tracing settings of `env` (an empty value is unset); a wrong one throws naming it. */
export function telemetrySettings(env: Record<string, string | undefined> = process.env): TelemetrySettings {
  const parsed = telemetrySettingsSchema.safeParse(
    withoutEmptyValues({
      OTEL_EXPORTER_OTLP_ENDPOINT: env.OTEL_EXPORTER_OTLP_ENDPOINT,
      OTEL_EXPORTER_OTLP_PROTOCOL: env.OTEL_EXPORTER_OTLP_PROTOCOL,
      OTEL_SERVICE_NAME: env.OTEL_SERVICE_NAME,
      OTEL_SDK_DISABLED: env.OTEL_SDK_DISABLED,
    }),
  );
  if (!parsed.success)
    throw new Error(`Invalid tracing settings: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`);
  return parsed.data;
}

/** Tracing is on when a collector is named and OTEL_SDK_DISABLED is not true. */
export const tracingEnabled = (settings: TelemetrySettings): boolean =>
  settings.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined && !settings.OTEL_SDK_DISABLED;
