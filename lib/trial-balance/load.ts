import "server-only";
import { findReachableBusiness, leadBusinessOf } from "@/lib/accounting/businesses";
import { errorFromApiResponse, parseJson } from "@/lib/accounting/error-mapper";
import {
  AccountingError,
  AccountingForbiddenError,
  AccountingNetworkError,
  AccountingRateLimitedError,
  AccountingUnauthorizedError,
  AccountingUnavailableError,
  AccountingValidationError,
  InvalidGrantError,
  NeedsV31Error,
  NotConnectedError,
  ReauthRequiredError,
} from "@/lib/accounting/errors";
import { accountingClientFor } from "@/lib/accounting/for-user";
import type { SessionUser } from "@/lib/auth/session";
import { comparisonRange, type DateRange } from "./dates";
import type { QueryFieldErrors, TrialBalanceQuery } from "./query";
import { compactTrialBalance, type CompactTrialBalance } from "./response";

export interface ShownBusiness {
  /** null when the person's business list is not known yet: the service's lead business is used. */
  id: string | null;
  name: string | null;
  /** The header switcher's business (the person's choice, else the lead). */
  switcherBusinessId: string | null;
}

export type TrialBalanceLoad =
  | { kind: "ok"; business: ShownBusiness; current: CompactTrialBalance; previous: CompactTrialBalance | null; previousRange: DateRange | null; fetchedAt: string }
  | { kind: "reauth" }
  | { kind: "needsV31" }
  | { kind: "invalid"; errors: QueryFieldErrors; message: string }
  | { kind: "forbidden"; reason: "tier" | "permission"; message: string }
  | { kind: "rateLimited"; retryAfterSeconds: number | null }
  | { kind: "unavailable"; retryAt: string | null }
  | { kind: "unreachable" }
  | { kind: "badResponse" };

/**
 * Which business to show: the URL's (only when the person reaches it; null otherwise),
 * else the header switcher's, else the lead.
 */
export async function resolveBusiness(user: SessionUser, requested: string | undefined): Promise<ShownBusiness | null> {
  const switcher = user.selectedBusinessId ?? (await leadBusinessOf(user.id))?.businessId ?? null;
  const wanted = requested ?? switcher;
  const business = wanted ? await findReachableBusiness(user.id, wanted) : null;
  if (requested && !business) return null;
  return { id: business?.businessId ?? null, name: business?.name ?? null, switcherBusinessId: switcher };
}

class BadTrialBalance extends Error {}

async function fetchTrialBalance(user: SessionUser, business: string | null, range: DateRange): Promise<CompactTrialBalance> {
  const path = `/trial_balance?${new URLSearchParams({ from_date: range.from, to_date: range.to })}`;
  const response = await accountingClientFor(user).send({ method: "GET", path, business: business ?? undefined });
  if (response.status < 200 || response.status >= 300) throw errorFromApiResponse(response.status, response.text, response.headers);
  const compact = compactTrialBalance(parseJson(response.text));
  if (!compact) throw new BadTrialBalance("not a trial balance");
  return compact;
}

/** The trial balance of the view (and of the period compared with), or the state to show instead. */
export async function loadTrialBalance(user: SessionUser, business: ShownBusiness, query: TrialBalanceQuery): Promise<TrialBalanceLoad> {
  const previousRange = query.compare === "none" ? null : comparisonRange(query, query.compare);
  try {
    const [current, previous] = await Promise.all([
      fetchTrialBalance(user, business.id, query),
      previousRange ? fetchTrialBalance(user, business.id, previousRange) : Promise.resolve(null),
    ]);
    return { kind: "ok", business, current, previous, previousRange, fetchedAt: new Date().toISOString() };
  } catch (error) {
    return failureState(error);
  }
}

/** The state to show for a failed fetch; errors that are not the service's go on to the error page. */
export function failureState(error: unknown): TrialBalanceLoad {
  if (error instanceof NeedsV31Error) return { kind: "needsV31" };
  if (error instanceof ReauthRequiredError || error instanceof NotConnectedError || error instanceof InvalidGrantError) return { kind: "reauth" };
  if (error instanceof AccountingUnauthorizedError) return { kind: "reauth" };
  if (error instanceof AccountingValidationError) {
    const errors: QueryFieldErrors = {};
    for (const item of error.items) {
      if (item.source === "from_date") errors.from ??= "dateInvalid";
      if (item.source === "to_date") errors.to ??= "dateInvalid";
    }
    return { kind: "invalid", errors, message: error.$message };
  }
  if (error instanceof AccountingForbiddenError) {
    const tier = error.$dataCode === "FeatureNotAvailable";
    return { kind: "forbidden", reason: tier ? "tier" : "permission", message: error.$message };
  }
  if (error instanceof AccountingRateLimitedError) {
    return { kind: "rateLimited", retryAfterSeconds: error.retryAfterMs === undefined ? null : Math.ceil(error.retryAfterMs / 1000) };
  }
  if (error instanceof AccountingUnavailableError) return { kind: "unavailable", retryAt: error.retryAt?.toISOString() ?? null };
  if (error instanceof AccountingNetworkError) return { kind: "unreachable" };
  if (error instanceof BadTrialBalance) return { kind: "badResponse" };
  if (error instanceof AccountingError) return { kind: "unavailable", retryAt: null };
  throw error;
}
