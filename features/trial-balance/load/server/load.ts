import "server-only";
import { findReachableBusiness, leadBusinessOf } from "@/features/accounting/server/businesses";
import { errorFromApiResponse, parseJson } from "@/features/accounting/error-mapper";
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
} from "@/features/accounting/errors";
import type { AccountingClient } from "@/features/accounting/server/accounting-service";
import { accountingClientFor } from "@/features/accounting/server/for-user";
import type { SessionUser } from "@/lib/auth/server/session";
import type { DateRange } from "@/lib/dates/calendar";
import { comparisonRange } from "../../presets";
import { sharedWhileInFlight } from "../../in-flight";
import type { QueryFieldErrors, TrialBalanceQuery } from "../../query";
import { compactTrialBalance, packAccounts } from "../../response";

export interface ShownBusiness {
  /** null when the person's business list is not known yet: the service's lead business is used. */
  id: string | null;
  name: string | null;
  /** ISO 4217 code of the amounts, when the service reported it. */
  currency: string | null;
  /** The header switcher's business (the person's choice, else the lead). */
  switcherBusinessId: string | null;
}

/** A trial balance's accounts as the page hands them to the browser: one string (see packAccounts). */
export type PackedAccounts = string;

export type TrialBalanceLoad =
  | {
      kind: "ok";
      business: ShownBusiness;
      current: PackedAccounts;
      previous: PackedAccounts | null;
      previousRange: DateRange | null;
      fetchedAt: string;
    }
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
  return {
    id: business?.businessId ?? null,
    name: business?.name ?? null,
    currency: business?.currency ?? null,
    switcherBusinessId: switcher,
  };
}

export class BadTrialBalance extends Error {}

// Concurrent views of the same figures through the same connection share one upstream read, one
// parse and one packed string: under load (lib/http/memory.bench.ts) most of the app's peak memory
// was simultaneous copies of the same 5,000-account answer. Only while in flight (nothing is
// cached), and the person and their connection are part of the key: one person's read never
// answers another's.
const sharedReads = sharedWhileInFlight<PackedAccounts>();

/** One range's trial balance, packed; nothing is kept once the callers waiting for it have it. */
export async function fetchTrialBalance(
  user: SessionUser,
  business: string | null,
  range: DateRange,
): Promise<PackedAccounts> {
  const client = accountingClientFor(user);
  const path = `/trial_balance?${new URLSearchParams({ from_date: range.from, to_date: range.to })}`;
  const key = JSON.stringify([user.id, user.connection?.id, business, path]);
  return sharedReads(key, async () => {
    const body = await readJson(client, business, path);
    const compact = compactTrialBalance(body);
    if (!compact) throw new BadTrialBalance("not a trial balance");
    return packAccounts(compact.accounts);
  });
}

/** The answer parsed; its text is not kept beyond this call. */
async function readJson(client: AccountingClient, business: string | null, path: string): Promise<unknown> {
  const response = await client.send({ method: "GET", path, business: business ?? undefined });
  if (response.status < 200 || response.status >= 300)
    throw errorFromApiResponse(response.status, response.text, response.headers);
  return parseJson(response.text);
}

/** The trial balance of the view (and of the period compared with), or the state to show instead. */
export async function loadTrialBalance(
  user: SessionUser,
  business: ShownBusiness,
  query: TrialBalanceQuery,
): Promise<TrialBalanceLoad> {
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
  if (error instanceof ReauthRequiredError || error instanceof NotConnectedError || error instanceof InvalidGrantError)
    return { kind: "reauth" };
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
    return {
      kind: "rateLimited",
      retryAfterSeconds: error.retryAfterMs === undefined ? null : Math.ceil(error.retryAfterMs / 1000),
    };
  }
  if (error instanceof AccountingUnavailableError)
    return { kind: "unavailable", retryAt: error.retryAt?.toISOString() ?? null };
  if (error instanceof AccountingNetworkError) return { kind: "unreachable" };
  if (error instanceof BadTrialBalance) return { kind: "badResponse" };
  if (error instanceof AccountingError) return { kind: "unavailable", retryAt: null };
  throw error;
}
