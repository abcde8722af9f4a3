import { z } from "zod";

/**
 * The logger's two settings (lib/log), apart from the rest of the configuration: every process logs
 * from its first line on, before (and whether or not) the rest is read; and the logger, which shared
 * lib code imports, may not import ./schema.ts (server code: it parses the key ring). The server's
 * schema includes them, so start-up checks them with the rest.
 */
export const logSettingsSchema = z.object({
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  /** `json`: one JSON object a line (production, log shippers); `pretty`: readable lines (`npm start` sets it). */
  LOG_FORMAT: z.enum(["json", "pretty"], { error: "LOG_FORMAT must be json or pretty" }).default("json"),
});
