import "server-only";
import { deadlineRemainingMs } from "../deadline";
import { retryAfterMs } from "../retry";
import type { UpstreamService } from "../upstream-error";
import { currentUpstreamBudget, type UpstreamBudgetKey } from "./upstream-budget";
import { upstreamPriority } from "./upstream-priority";

/** A 429 without Retry-After still blocks the credential this long. */
const DEFAULT_BLOCK_MS = 1_000;
/** An export (a download the person waits for) waits up to a whole window and its edge for its share, whatever its requests' timeout. */
const EXPORT_PATIENCE_MS = 65_000;
/** Background waiters spread their retries over this much after the window opens, so they do not all ask at once. */
const WAIT_JITTER_MS = 250;

/** The parts of ./upstream.ts's request and answer this needs (not imported from there: no cycle). */
interface BudgetedRequest {
  timeoutMs: number;
  waitForBudget?: boolean;
}
interface BudgetedResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The budget's refusal of a person's request, shaped as the service's own 429 with Retry-After, so
 * every client treats it as it treats the service's: its retry core waits and tries again when the
 * wait is short (a GET), else the person gets the typed "too many requests" error. The header
 * `x-upstream-budget` tells it from the service's own.
 */
export function budgetRefusal(service: UpstreamService, waitMs: number): BudgetedResponse {
  const message = "The request budget towards the service is used up for this minute.";
  const text =
    service === "payroll"
      ? JSON.stringify({
          success: false,
          state: "ERROR",
          error: { code: "TOO_MANY_REQUESTS", message, issues: [] },
          data: null,
        })
      : JSON.stringify([{ $severity: "error", $dataCode: "TooManyRequests", $message: message, $source: "" }]);
  return {
    status: 429,
    headers: {
      "content-type": "application/json",
      "retry-after": String(Math.ceil(waitMs / 1000)),
      "retry-after-ms": String(waitMs),
      "x-upstream-budget": "exhausted",
    },
    text,
  };
}

/**
 * Takes one request of the credential's budget, then exchanges. When the budget refuses (the
 * window is used up, or the service asked to wait): background work waits and asks again; a
 * person's request waits as well when the wait fits its timeout (an export's: up to a minute) and
 * the page's deadline, as a token renewal does, and is answered with `budgetRefusal` otherwise (or at once
 * with `waitForBudget: false`). Nobody is slowed while the budget has room. A 429 from the
 * service blocks the credential for every process for its Retry-After.
 */
export async function budgetedRequest<Request extends BudgetedRequest>(
  req: Request,
  key: UpstreamBudgetKey,
  exchange: (req: Request) => Promise<BudgetedResponse>,
): Promise<BudgetedResponse> {
  const budget = currentUpstreamBudget();
  if (!budget) return exchange(req);
  const priority = upstreamPriority();
  for (;;) {
    const decision = await budget.take(key, priority);
    if (decision.granted) break;
    if (priority !== "background") {
      const patience = priority === "export" ? Math.max(req.timeoutMs, EXPORT_PATIENCE_MS) : req.timeoutMs;
      const remaining = Math.min(patience, deadlineRemainingMs() ?? Number.POSITIVE_INFINITY);
      if (req.waitForBudget === false || decision.waitMs >= remaining)
        return budgetRefusal(key.service, decision.waitMs);
    }
    await sleep(decision.waitMs + Math.random() * WAIT_JITTER_MS);
  }
  const response = await exchange(req);
  if (response.status === 429) await budget.block(key, retryAfterMs(response.headers) ?? DEFAULT_BLOCK_MS);
  return response;
}
