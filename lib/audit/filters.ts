import { z } from "zod";
import { auditKinds } from "./kinds";

/**
 * The audit page's filters, read from its URL (and the CSV export's): one schema for both. A
 * value that is not valid is ignored rather than refused, so a hand-edited URL still shows a page.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function optional<T extends z.ZodType>(schema: T) {
  return z
    .preprocess((value) => (Array.isArray(value) ? value[0] : value) || undefined, schema.optional())
    .catch(undefined);
}

export const auditFiltersSchema = z.object({
  person: optional(z.uuid()),
  company: optional(z.coerce.number().int().positive().max(999_999_999)),
  period: optional(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
  // The kinds of this process (declared by the features, wired at start): read when it first parses.
  kind: optional(z.lazy(() => z.enum(auditKinds()))),
  from: optional(z.string().regex(DAY)),
  to: optional(z.string().regex(DAY)),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** The page's position: entries older than this one (`<epoch ms>_<id>`, newest first). */
export const auditCursorSchema = optional(z.string().regex(/^\d{1,15}_[0-9a-f-]{36}$/));

export function parseAuditSearch(params: Record<string, string | string[] | undefined> | URLSearchParams): {
  filters: AuditFilters;
  after: string | undefined;
} {
  const record = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
  return { filters: auditFiltersSchema.parse(record), after: auditCursorSchema.parse(record.after) };
}

/** The filters as URL search params (for links to the next page and the CSV export). */
export function auditSearchOf(filters: AuditFilters, after?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) params.set(key, String(value));
  if (after) params.set("after", after);
  const text = params.toString();
  return text ? `?${text}` : "";
}
