import { logSettingsSchema } from "@/lib/env/log-settings";
import { withoutEmptyValues } from "@/lib/env/empty-values";

export type LogSettings = ReturnType<typeof logSettingsSchema.parse>;

/** LOG_LEVEL and LOG_FORMAT of `env` (an empty value is unset); a wrong one stops the process with its name. */
export function logSettings(env: Record<string, string | undefined> = process.env): LogSettings {
  const parsed = logSettingsSchema.safeParse(
    withoutEmptyValues({ LOG_LEVEL: env.LOG_LEVEL, LOG_FORMAT: env.LOG_FORMAT }),
  );
  if (!parsed.success)
    throw new Error(`Invalid log settings: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`);
  return parsed.data;
}
