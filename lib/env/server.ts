import "server-only";
import { describeEnvError, serverEnvSchema, type ServerEnv } from "./schema";

let parsed: ServerEnv | undefined;

/** The validated server configuration; parsed on first use, then cached. */
export function serverEnv(): ServerEnv {
  if (parsed) return parsed;
  const result = serverEnvSchema.safeParse(process.env);
  if (!result.success) {
    throw new Error(`Invalid server configuration:\n${describeEnvError(result.error)}`);
  }
  parsed = result.data;
  return parsed;
}
