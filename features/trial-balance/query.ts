import * as z from "zod/mini";
import { isIsoDate, type DateRange } from "@/lib/dates/calendar";
import { COMPARISONS, presetRange, type Comparison } from "./presets";
import { COLUMN_MODES, countPeriods, MAX_PERIODS, type ColumnMode } from "./periods";

/**
 * The view's state as it stands in the URL (`/trial-balance?from=…&to=…&compare=…&basis=…&business=…`),
 * so a view can be bookmarked and shared. One schema for the form and the server; the
 * messages are keys of `trialBalance.errors`.
 */

export const BASES = ["closing", "movement"] as const;
export type Basis = (typeof BASES)[number];

export type QueryErrorKey = "dateRequired" | "dateInvalid" | "rangeReversed" | "businessInvalid" | "tooManyPeriods";

// zod/mini: the same schema runs in the browser's form, at a fraction of zod's size.
const dateField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: "dateRequired" satisfies QueryErrorKey }),
    z.refine(isIsoDate, { error: "dateInvalid" satisfies QueryErrorKey, abort: true }),
  );

export const trialBalanceQuerySchema = z
  .object({
    from: dateField,
    to: dateField,
    compare: z.catch(z.enum(COMPARISONS), "none"),
    basis: z.catch(z.enum(BASES), "closing"),
    columns: z.catch(z.enum(COLUMN_MODES), "single"),
    business: z.optional(
      z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "businessInvalid" satisfies QueryErrorKey })),
    ),
  })
  .check(
    z.refine((value) => !(isIsoDate(value.from) && isIsoDate(value.to) && value.from > value.to), {
      error: "rangeReversed" satisfies QueryErrorKey,
      path: ["to"],
      when: () => true,
    }),
  );

export interface TrialBalanceQuery extends DateRange {
  compare: Comparison;
  /** With a comparison, what is compared; with columns, the figure each column shows. */
  basis: Basis;
  /** One period, or the range as months or quarters side by side (the month-end pack). */
  columns: ColumnMode;
  business?: string;
}

export type QueryFieldErrors = Partial<Record<"from" | "to" | "business", QueryErrorKey>>;

/** The view's fields as typed or found in the URL, before checking. */
export interface RawQuery {
  from: string;
  to: string;
  compare: string;
  basis: string;
  columns?: string;
  business?: string;
}

export type ParsedQuery =
  { ok: true; query: TrialBalanceQuery } | { ok: false; errors: QueryFieldErrors; raw: RawQuery };

type SearchParams = Record<string, string | string[] | undefined> | URLSearchParams;

function single(params: SearchParams, name: string): string | undefined {
  const value = params instanceof URLSearchParams ? (params.getAll(name) as string[]) : params[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The URL's view; a missing range means the (financial) year to date. */
export function parseTrialBalanceQuery(params: SearchParams, today: string, fyStartMonth = 1): ParsedQuery {
  const defaults = presetRange("yearToDate", today, fyStartMonth);
  const raw: RawQuery = {
    from: single(params, "from") ?? defaults.from,
    to: single(params, "to") ?? defaults.to,
    compare: single(params, "compare") ?? "none",
    basis: single(params, "basis") ?? "closing",
    columns: single(params, "columns") ?? "single",
    ...(single(params, "business") ? { business: single(params, "business") as string } : {}),
  };
  return validateQuery(raw, fyStartMonth);
}

/** The view, or its fields' errors. Quarters follow the financial year (`fyStartMonth`), which decides how many columns a range makes. */
export function validateQuery(raw: RawQuery, fyStartMonth = 1): ParsedQuery {
  const result = trialBalanceQuerySchema.safeParse(raw);
  if (result.success) {
    // More columns than a page can show side by side: refused with a message at "To", before any call.
    if (countPeriods(result.data, result.data.columns, fyStartMonth) > MAX_PERIODS)
      return { ok: false, errors: { to: "tooManyPeriods" }, raw };
    return { ok: true, query: result.data };
  }
  const errors: QueryFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "from" || field === "to" || field === "business") && !errors[field])
      errors[field] = issue.message as QueryErrorKey;
  }
  return { ok: false, errors, raw };
}

/** The query string of a view; defaults are left out to keep links short. */
export function queryString(query: TrialBalanceQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.compare !== "none") params.set("compare", query.compare);
  if (query.columns !== "single") params.set("columns", query.columns);
  if ((query.compare !== "none" || query.columns !== "single") && query.basis !== "closing")
    params.set("basis", query.basis);
  if (query.business) params.set("business", query.business);
  return params.toString();
}
