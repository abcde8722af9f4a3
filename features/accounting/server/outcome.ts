import "server-only";
import { withinPageBudget } from "@/lib/http/deadline";
import {
  AccountingError,
  AccountingForbiddenError,
  AccountingNetworkError,
  AccountingNotFoundError,
  AccountingUnavailableError,
  NeedsV31Error,
  NotConnectedError,
  ReauthRequiredError,
} from "../errors";

export type ProblemKind =
  "reauth" | "not_connected" | "needs_v3_1" | "unavailable" | "network" | "forbidden" | "not_found" | "other";
export interface Problem {
  kind: ProblemKind;
  dataCode?: string;
  /** The service's own text: shown only as a detail. */
  message?: string;
  /** A network problem that was the deadline passing: the service is not answering. */
  timedOut?: boolean;
}

/** What a page shows instead of data when the accounting service cannot give it. */
export function problemOf(error: unknown): Problem {
  if (error instanceof ReauthRequiredError) return { kind: "reauth" };
  if (error instanceof NeedsV31Error) return { kind: "needs_v3_1" };
  if (error instanceof NotConnectedError) return { kind: "not_connected" };
  if (error instanceof AccountingUnavailableError) return { kind: "unavailable", dataCode: error.$dataCode };
  if (error instanceof AccountingNetworkError) return { kind: "network", timedOut: error.timedOut };
  if (error instanceof AccountingForbiddenError)
    return { kind: "forbidden", dataCode: error.$dataCode, message: error.$message };
  if (error instanceof AccountingNotFoundError)
    return { kind: "not_found", dataCode: error.$dataCode, message: error.$message };
  if (error instanceof AccountingError) return { kind: "other", dataCode: error.$dataCode, message: error.$message };
  throw error;
}

/** A page's accounting calls, all of them (tries and waits) within the page's budget; a failure becomes a Problem. */
export async function attempt<T>(
  load: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; problem: Problem }> {
  try {
    return { ok: true, value: await withinPageBudget(load) };
  } catch (error) {
    return { ok: false, problem: problemOf(error) };
  }
}
