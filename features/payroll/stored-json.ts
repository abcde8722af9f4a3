import { z } from "zod";
import { log } from "@/lib/log/logger";

/**
 * JSON read back from the database is parsed with its resource's schema: a row written by an
 * older version, or changed by hand, must not reach the app as a type it is not. A row that fails
 * is logged with its id (`where`: ids only, never the content, which may hold personal data) and
 * answered as undefined, for the caller to count and show as unreadable, never to drop silently.
 */
export function readStoredJson<T extends z.core.$ZodType>(
  schema: T,
  value: unknown,
  where: string,
): z.output<T> | undefined {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.code}`);
  log.error({ where, problems: problems.slice(0, 5) }, "unreadable stored JSON, skipped");
  return undefined;
}
